import { sql, type SQL } from 'drizzle-orm';
import type { OrderPage, OrderTotals } from '../../../shared/api/orders.ts';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { DEFAULT_TIME_ZONE, areaDay, areaDayEnd, areaDayStart, areaTimeZone } from '../../lib/area-clock.ts';

// order_totals_daily (migrations 0010, 0012): deltas per area, day, channel, status, pay status and
// pay way, appended by a trigger in the transaction that changes an order.

/** Advisory lock class (with the area id) that a change of the area's zone takes exclusively (0012). */
const AREA_ZONE_LOCK = 60_062;

/** The start (an instant) of the area's day that holds `at`: days of the summary are area days. */
const dayStart = (at: Date, timeZone: string) => areaDayStart(areaDay(at, timeZone), timeZone);

/** The filters the summary can answer; any other one (product, visit day, phone…) needs the orders. */
const SUMMARY_FILTERS = new Set<keyof OrderPage>([
  'ordStartTime',
  'ordEndTime',
  'channel',
  'ordPayWay',
  'ordIsPay',
  'status',
  // paging and sorting do not change a total
  'page',
  'limit',
  'sort',
  'order',
]);

export function summaryAnswers(q: Partial<OrderPage>): boolean {
  return Object.entries(q).every(
    ([k, v]) => v === undefined || v === null || v === '' || SUMMARY_FILTERS.has(k as keyof OrderPage),
  );
}

/**
 * Splits an order-time range into the whole days of the area inside it (read from the summary) and
 * the parts of a day at either end (read from the orders: at most two days of them). Exact for any
 * range: the days are [fullFrom, fullTo), the ends [from, fullFrom) and [fullTo, to].
 */
export function splitRange(from: Date | undefined, to: Date | undefined, timeZone: string) {
  const fullFrom = from
    ? dayStart(from, timeZone).getTime() === from.getTime()
      ? from
      : areaDayEnd(areaDay(from, timeZone), timeZone)
    : undefined;
  const fullTo = to ? dayStart(to, timeZone) : undefined;
  if (fullFrom && fullTo && fullFrom.getTime() >= fullTo.getTime())
    return { days: null, head: undefined, tail: undefined }; // within two days: the orders alone
  const dayOf = (at: Date) => areaDay(at, timeZone);
  return {
    days: { from: fullFrom ? dayOf(fullFrom) : undefined, until: fullTo ? dayOf(fullTo) : undefined },
    head: from && fullFrom && from.getTime() < fullFrom.getTime() ? { from, before: fullFrom } : undefined,
    tail: to && fullTo ? { from: fullTo, to } : undefined,
  };
}

/**
 * Count and money of the orders matching `q` from the summary, plus the partial days at the ends
 * of the order-time range from the orders themselves (`edges`, the caller's query on orders over a
 * time slice). Null when a filter needs the orders (summaryAnswers).
 */
export async function totalsFromSummary(
  db: Db,
  scenicId: number,
  q: Partial<OrderPage>,
  edges: (slice: { from: Date; before?: Date; to?: Date }) => Promise<OrderTotals>,
): Promise<OrderTotals | null> {
  if (!summaryAnswers(q)) return null;
  const from = q.ordStartTime ? new Date(q.ordStartTime) : undefined;
  const to = q.ordEndTime ? new Date(q.ordEndTime) : undefined;
  // without a time range no day is cut, so the zone is not read
  const split = splitRange(from, to, from || to ? await areaTimeZone(db, scenicId) : DEFAULT_TIME_ZONE);
  if (!split.days) return null;
  const where: SQL[] = [sql`scenic_id = ${scenicId}`];
  if (split.days.from) where.push(sql`day >= ${split.days.from}`);
  if (split.days.until) where.push(sql`day < ${split.days.until}`);
  if (q.channel) where.push(sql`channel = ${q.channel}`);
  if (q.ordPayWay) where.push(sql`pay_way = ${q.ordPayWay}`);
  if (q.ordIsPay) where.push(sql`pay_status = ${q.ordIsPay}`);
  if (q.status) where.push(sql`status = ${q.status}`);
  const [row] = rowsOf<Record<string, unknown>>(
    await db.execute(sql`select coalesce(sum(orders), 0) as count, coalesce(sum(total_amount), 0) as total,
        coalesce(sum(paid_amount), 0) as paid, coalesce(sum(refunded_amount), 0) as refunded
      from order_totals_daily where ${sql.join(where, sql` and `)}`),
  );
  const totals: OrderTotals = {
    count: Number(row?.count ?? 0),
    totalAmount: Number(row?.total ?? 0),
    paidAmount: Number(row?.paid ?? 0),
    refundedAmount: Number(row?.refunded ?? 0),
  };
  for (const slice of [split.head, split.tail]) {
    if (!slice) continue;
    const part = await edges(slice);
    totals.count += part.count;
    totals.totalAmount += part.totalAmount;
    totals.paidAmount += part.paidAmount;
    totals.refundedAmount += part.refundedAmount;
  }
  return totals;
}

/**
 * Folds the deltas into one row per key (the order jobs run it every 30 s). Only keys with more
 * than one row are rewritten, so a quiet area costs one read. One statement: rows appended by
 * transactions still running are not in its snapshot, so they stay as they are.
 */
export async function compactOrderTotals(db: Db): Promise<void> {
  await db.execute(sql`with folded as (
      select scenic_id, day, channel, status, pay_status, pay_way from order_totals_daily
      group by scenic_id, day, channel, status, pay_status, pay_way having count(*) > 1
    ),
    gone as (
      delete from order_totals_daily t using folded f
      where (t.scenic_id, t.day, t.channel, t.status, t.pay_status, t.pay_way)
        = (f.scenic_id, f.day, f.channel, f.status, f.pay_status, f.pay_way)
      returning t.*
    )
    insert into order_totals_daily
    select scenic_id, day, channel, status, pay_status, pay_way, sum(orders), sum(total_amount),
      sum(paid_amount), sum(refunded_amount)
    from gone
    group by scenic_id, day, channel, status, pay_status, pay_way
    having sum(orders) <> 0 or sum(total_amount) <> 0 or sum(paid_amount) <> 0 or sum(refunded_amount) <> 0`);
}

/** For a bulk load that switched the trigger off (beginBulkLoad): adds its orders as they are now. */
export async function addOrderTotals(tx: Db, orderIds: readonly number[]): Promise<void> {
  if (!orderIds.length) return;
  await tx.execute(sql`insert into order_totals_daily
    select scenic_id, order_totals_day(scenic_id, created_at), channel, status, pay_status, coalesce(pay_way, 0), count(*),
      sum(total_amount), sum(paid_amount), sum(refunded_amount)
    from ticket_orders
    where id in (${sql.join(
      orderIds.map((id) => sql`${id}`),
      sql`, `,
    )})
    group by 1, 2, 3, 4, 5, 6`);
}

/**
 * Moves an area's summary to its new zone after `scenic_areas.time_zone` changed, in the caller's
 * transaction: appends, per key, what the orders give by the new days less what the summary holds,
 * so it stays append-only (a concurrent fold of the deltas changes no sum). The exclusive lock waits
 * for order transactions that wrote deltas under the old zone and makes new ones wait for this one.
 */
export async function rezoneOrderTotals(tx: Db, scenicId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${AREA_ZONE_LOCK}, ${scenicId}::int)`);
  await tx.execute(sql`insert into order_totals_daily
    select scenic_id, day, channel, status, pay_status, pay_way, sum(orders), sum(total_amount),
      sum(paid_amount), sum(refunded_amount)
    from (
      select scenic_id, order_totals_day(scenic_id, created_at) as day, channel, status, pay_status,
        coalesce(pay_way, 0) as pay_way, count(*)::int as orders, sum(total_amount) as total_amount,
        sum(paid_amount) as paid_amount, sum(refunded_amount) as refunded_amount
      from ticket_orders where scenic_id = ${scenicId}
      group by 1, 2, 3, 4, 5, 6
      union all
      select scenic_id, day, channel, status, pay_status, pay_way, -orders, -total_amount, -paid_amount,
        -refunded_amount
      from order_totals_daily where scenic_id = ${scenicId}
    ) as change
    group by scenic_id, day, channel, status, pay_status, pay_way
    having sum(orders) <> 0 or sum(total_amount) <> 0 or sum(paid_amount) <> 0 or sum(refunded_amount) <> 0`);
}
