import { sql, type SQL } from 'drizzle-orm';
import { maskIdNumber } from '../../../shared/api/reservations.ts';
import {
  DETAIL_DEFAULT_DAYS,
  type DetailPage,
  type DetailRow,
} from '../../../shared/reports/detail-report.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { addDays, areaDay, areaDayEnd, areaDayStart } from '../../lib/area-clock.ts';

/**
 * The ticket detail list (/statAnalyse/detailReport): tickets joined to their orders, filtered on
 * the order's creation time (the period's area days), newest first by default, read through
 * ticket_orders_scenic_created_idx backwards and order_tickets_order_idx. The pager's total comes
 * from ticket_totals_daily unless an order number or a phone narrows the list (then it is counted:
 * those use their indexes).
 */

/** The list's query with its period resolved (both days given). */
export type DetailQuery = DetailPage & { from: string; to: string };
export type DetailFilter = Omit<DetailQuery, 'page' | 'limit' | 'sort' | 'order'>;

/** The period asked for, or the default: the last 29 days and today, ending on `to` when only it is given. */
export function withPeriod(q: DetailPage, timeZone: string, now = new Date()): DetailQuery {
  const to = q.to ?? (q.from ? addDays(q.from, DETAIL_DEFAULT_DAYS - 1) : areaDay(now, timeZone));
  return { ...q, to, from: q.from ?? addDays(to, 1 - DETAIL_DEFAULT_DAYS) };
}

export function detailWhere(scenicId: number, q: DetailFilter, timeZone: string): SQL {
  const where: SQL[] = [
    sql`o.scenic_id = ${scenicId}`,
    sql`o.created_at >= ${areaDayStart(q.from, timeZone).toISOString()}::timestamptz`,
    sql`o.created_at < ${areaDayEnd(q.to, timeZone).toISOString()}::timestamptz`,
  ];
  if (q.productId) where.push(sql`t.product_id = ${q.productId}`);
  if (q.channel) where.push(sql`o.channel = ${q.channel}`);
  if (q.payWay) where.push(sql`o.pay_way = ${q.payWay}`);
  if (q.status) where.push(sql`t.status = ${q.status}`);
  if (q.orderNo) where.push(sql`o.order_no = ${q.orderNo}`);
  if (q.phone) where.push(sql`o.buyer_phone = ${q.phone}`);
  return sql.join(where, sql` and `);
}

const FROM = sql`from order_tickets t join ticket_orders o on o.id = t.order_id`;

/** The sort keys, each ending in unique ids: the export walks them by keyset, not by offset. */
const KEYS = {
  createTime: {
    cols: ['o.created_at', 'o.id', 't.id'],
    cast: 'timestamptz',
    cursor: (r: RawRow) => [r.cursor_time, r.order_id, r.id],
  },
  visitDate: { cols: ['t.visit_date', 't.id'], cast: 'date', cursor: (r: RawRow) => [r.visit_date, r.id] },
  price: { cols: ['t.price', 't.id'], cast: 'int', cursor: (r: RawRow) => [r.price, r.id] },
} as const;
export type DetailSort = keyof typeof KEYS;

interface RawRow {
  id: number;
  order_id: number;
  order_no: string;
  product_name: string | null;
  product_type: number;
  channel: number;
  pay_way: number | null;
  visit_date: string;
  price: number;
  status: number;
  visitor_name: string;
  visitor_phone: string;
  visitor_id_number: string | null;
  buyer_name: string;
  buyer_phone: string;
  entry_count: number;
  first_entry_at: Date | string | null;
  print_count: number;
  created_at: Date | string;
  paid_at: Date | string | null;
  cursor_time: string;
}

const iso = (v: Date | string | null) => (v == null ? null : new Date(v).toISOString());

export function toDetailRow(r: RawRow): DetailRow {
  return {
    id: Number(r.id),
    orderNo: r.order_no,
    productName: r.product_name ?? '',
    productType: Number(r.product_type),
    channel: Number(r.channel),
    payWay: r.pay_way == null ? null : Number(r.pay_way),
    visitDate: r.visit_date,
    price: Number(r.price),
    status: Number(r.status),
    visitorName: r.visitor_name,
    visitorPhone: r.visitor_phone,
    visitorIdNumber: maskIdNumber(r.visitor_id_number ?? ''),
    buyerName: r.buyer_name,
    buyerPhone: r.buyer_phone,
    entryCount: Number(r.entry_count),
    firstEntryTime: iso(r.first_entry_at),
    printCount: Number(r.print_count),
    createTime: iso(r.created_at)!,
    paidTime: iso(r.paid_at),
  };
}

const COLUMNS = sql`t.id, t.order_id, o.order_no, p.name as product_name, t.product_type, o.channel, o.pay_way,
  t.visit_date::text as visit_date, t.price, t.status, t.visitor_name, t.visitor_phone, t.visitor_id_number,
  o.buyer_name, o.buyer_phone, t.entry_count, t.first_entry_at, t.print_count, o.created_at, o.paid_at,
  o.created_at::text as cursor_time`;

/** One page (or one export batch after `after`, the last row's sort key) of the list, as raw rows. */
async function rawRows(
  db: Db,
  where: SQL,
  sort: DetailSort,
  order: 'asc' | 'desc',
  limit: number,
  opts: { offset?: number; after?: unknown[] },
): Promise<RawRow[]> {
  const key = KEYS[sort];
  const after = opts.after
    ? sql` and (${sql.raw(key.cols.join(', '))}) ${sql.raw(order === 'desc' ? '<' : '>')} (${sql.join(
        opts.after.map((v, i) => (i === 0 ? sql`${v}::${sql.raw(key.cast)}` : sql`${v}`)),
        sql`, `,
      )})`
    : sql``;
  const cols = sql.raw(key.cols.map((c) => `${c} ${order}`).join(', '));
  return queryRows<RawRow>(
    db,
    sql`select ${COLUMNS} ${FROM} left join ticket_products p on p.id = t.product_id
      where ${where}${after}
      order by ${cols}
      limit ${limit} offset ${opts.offset ?? 0}`,
  );
}

export async function detailPage(db: Db, where: SQL, q: DetailQuery): Promise<DetailRow[]> {
  const rows = await rawRows(db, where, q.sort ?? 'createTime', q.order, q.limit, {
    offset: (q.page - 1) * q.limit,
  });
  return rows.map(toDetailRow);
}

/** Every row of the filter, a batch at a time by keyset (a year of tickets without an offset scan). */
export async function* detailBatches(
  db: Db,
  where: SQL,
  q: DetailQuery,
  batch = 2000,
): AsyncGenerator<DetailRow[]> {
  const sort = q.sort ?? 'createTime';
  let after: unknown[] | undefined;
  for (;;) {
    const rows = await rawRows(db, where, sort, q.order, batch, after ? { after } : {});
    if (rows.length) yield rows.map(toDetailRow);
    if (rows.length < batch) return;
    after = KEYS[sort].cursor(rows[rows.length - 1]!);
  }
}

/** The pager's total: from the rollup, or counted when an order number or a phone narrows the list. */
export async function detailTotal(db: Db, scenicId: number, q: DetailFilter, where: SQL): Promise<number> {
  if (q.orderNo || q.phone) {
    const [row] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n ${FROM} where ${where}`);
    return Number(row?.n ?? 0);
  }
  const cond: SQL[] = [sql`scenic_id = ${scenicId}`, sql`day between ${q.from}::date and ${q.to}::date`];
  if (q.productId) cond.push(sql`product_id = ${q.productId}`);
  if (q.channel) cond.push(sql`channel = ${q.channel}`);
  if (q.payWay) cond.push(sql`pay_way = ${q.payWay}`);
  if (q.status) cond.push(sql`status = ${q.status}`);
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select coalesce(sum(tickets), 0)::int as n from ticket_totals_daily where ${sql.join(cond, sql` and `)}`,
  );
  return Number(row?.n ?? 0);
}
