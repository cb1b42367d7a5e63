import { sql, type SQL } from 'drizzle-orm';
import type { OrderPage, OrderTotals } from '../../../shared/api/orders.ts';
import { DAY_MS } from '../../../shared/dates.ts';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';

// order_totals_daily (migration 0010): deltas per area, day, channel, status, pay status and pay way,
// appended by a trigger in the transaction that changes an order.

/** The days of order_totals_daily are China days (UTC+8), as order_totals_day() in SQL. */
const DAY_OFFSET_MS = 8 * 3_600_000;
/** The start (an instant) of the China day that holds `at`. */
const dayStart = (at: Date) =>
  new Date(Math.floor((at.getTime() + DAY_OFFSET_MS) / DAY_MS) * DAY_MS - DAY_OFFSET_MS);
const dayOf = (at: Date) => new Date(at.getTime() + DAY_OFFSET_MS).toISOString().slice(0, 10);

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
 * Splits an order-time range into the whole China days inside it (read from the summary) and the
 * parts of a day at either end (read from the orders: at most two days of them). Exact for any
 * range: the days are [fullFrom, fullTo), the ends [from, fullFrom) and [fullTo, to].
 */
export function splitRange(from: Date | undefined, to: Date | undefined) {
  const fullFrom = from
    ? dayStart(from).getTime() === from.getTime()
      ? from
      : new Date(dayStart(from).getTime() + DAY_MS)
    : undefined;
  const fullTo = to ? dayStart(to) : undefined;
  if (fullFrom && fullTo && fullFrom.getTime() >= fullTo.getTime())
    return { days: null, head: undefined, tail: undefined }; // within two days: the orders alone
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
  const split = splitRange(
    q.ordStartTime ? new Date(q.ordStartTime) : undefined,
    q.ordEndTime ? new Date(q.ordEndTime) : undefined,
  );
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
    select scenic_id, order_totals_day(created_at), channel, status, pay_status, coalesce(pay_way, 0), count(*),
      sum(total_amount), sum(paid_amount), sum(refunded_amount)
    from ticket_orders
    where id in (${sql.join(
      orderIds.map((id) => sql`${id}`),
      sql`, `,
    )})
    group by 1, 2, 3, 4, 5, 6`);
}
