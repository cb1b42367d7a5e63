import { sql, type SQL } from 'drizzle-orm';
import type {
  ShopSalesCategory,
  ShopSalesDay,
  ShopSalesGoods,
  ShopStatistics,
  ShopStatisticsQuery,
} from '../../../../shared/api/shop-statistics.ts';
import type { Lang } from '../../../../shared/dict/dict.ts';
import { STRAY_PAYMENT_REASONS } from '../../../../shared/dict/refunds.ts';
import { ShopStatisticsField } from '../../../../shared/dict/shop-statistics.ts';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/rows.ts';
import { addDays, areaDayEnd, areaDayStart, areaTimeZone } from '../../../lib/area-clock.ts';

/** The most goods rows the screen lists (by amount); the rest are in the totals. */
export const SHOP_STATISTICS_GOODS_LIMIT = 500;

// A sale is a paid order (paid_at set; the unpaid and cancelled 101-103 never are), counted on the
// area's day of payment; a refund counts when done (or paid back outside), on the area's day of done_at.
const UNPAID = sql.raw('101, 102, 103');
const REFUNDED = sql.raw(`'done', 'external'`);
// A refund of money no sale counted (a payment after the buyer cancelled, a second payment, a late
// one when the stock was gone: given back by the system with its SystemReason code) is not a refund of a sale.
const OF_A_SALE = sql`r.reason not in (${sql.join(
  STRAY_PAYMENT_REASONS.map((r) => sql`${r}`),
  sql`, `,
)})`;

type Num = string | number | null;
const n = (v: Num) => Number(v ?? 0);

interface Scope {
  scenicId: number;
  timeZone: string;
  start: Date;
  end: Date;
  /** the filter on a line `l` and its goods `g`; null without one */
  lines: SQL | null;
}

function lineFilter(scenicId: number, q: ShopStatisticsQuery): SQL | null {
  const parts: SQL[] = [];
  if (q.goodsId) parts.push(sql`l.goods_id = ${q.goodsId}`);
  if (q.categoryId)
    parts.push(sql`g.category_id in (select c.id from shop_categories c
      where c.scenic_id = ${scenicId} and (c.id = ${q.categoryId} or c.parent_id = ${q.categoryId}))`);
  return parts.length ? sql.join(parts, sql` and `) : null;
}

/** The goods lines of the orders paid in the range (o order, l line, g goods). */
const soldLines = (s: Scope, cols: SQL) => sql`select ${cols}
  from shop_order_lines l join shop_orders o on o.id = l.order_id left join shop_goods g on g.id = l.goods_id
  where o.scenic_id = ${s.scenicId} and o.paid_at is not null and o.status not in (${UNPAID})
    and o.paid_at >= ${s.start.toISOString()}::timestamptz and o.paid_at < ${s.end.toISOString()}::timestamptz
    ${s.lines ? sql`and ${s.lines}` : sql``}`;

/** The lines of the refunds done in the range (r refund, x its line, l the order line, g goods). */
const refundedLines = (s: Scope, cols: SQL) => sql`select ${cols}
  from shop_refunds r
  cross join lateral jsonb_to_recordset(r.lines) as x("lineId" integer, quantity integer, amount integer)
  join shop_order_lines l on l.id = x."lineId" left join shop_goods g on g.id = l.goods_id
  where r.scenic_id = ${s.scenicId} and r.status in (${REFUNDED})
    and r.done_at >= ${s.start.toISOString()}::timestamptz and r.done_at < ${s.end.toISOString()}::timestamptz
    ${s.lines ? sql`and ${s.lines}` : sql``}`;

const dayOf = (column: SQL, tz: string) => sql`to_char((${column} at time zone ${tz})::date, 'YYYY-MM-DD')`;

async function dailySeries(db: Db, s: Scope, from: string, to: string): Promise<ShopSalesDay[]> {
  // without a filter a sale is what the buyer paid (freight and discount included) and a refund its
  // whole amount; with one, the matching lines' amounts
  const sales = s.lines
    ? await queryRows<{ day: string; orders: Num; pieces: Num; amount: Num }>(
        db,
        sql`select day, count(distinct order_id) as orders, sum(quantity) as pieces, sum(amount) as amount
            from (${soldLines(s, sql`${dayOf(sql`o.paid_at`, s.timeZone)} as day, o.id as order_id, l.quantity, l.amount`)}) t
            group by day`,
      )
    : await queryRows<{ day: string; orders: Num; pieces: Num; amount: Num }>(
        db,
        sql`select ${dayOf(sql`o.paid_at`, s.timeZone)} as day, count(*) as orders, sum(o.pay_amount) as amount,
              sum((select coalesce(sum(l.quantity), 0) from shop_order_lines l where l.order_id = o.id)) as pieces
            from shop_orders o
            where o.scenic_id = ${s.scenicId} and o.paid_at is not null and o.status not in (${UNPAID})
              and o.paid_at >= ${s.start.toISOString()}::timestamptz and o.paid_at < ${s.end.toISOString()}::timestamptz
            group by 1`,
      );
  const refunds = s.lines
    ? await queryRows<{ day: string; amount: Num }>(
        db,
        sql`select day, sum(amount) as amount
            from (${refundedLines(s, sql`${dayOf(sql`r.done_at`, s.timeZone)} as day, x.amount`)}) t group by day`,
      )
    : await queryRows<{ day: string; amount: Num }>(
        db,
        sql`select ${dayOf(sql`r.done_at`, s.timeZone)} as day, sum(r.amount) as amount
            from shop_refunds r
            where r.scenic_id = ${s.scenicId} and r.status in (${REFUNDED}) and ${OF_A_SALE}
              and r.done_at >= ${s.start.toISOString()}::timestamptz and r.done_at < ${s.end.toISOString()}::timestamptz
            group by 1`,
      );
  const salesOf = new Map(sales.map((r) => [r.day, r]));
  const refundOf = new Map(refunds.map((r) => [r.day, n(r.amount)]));
  const days: ShopSalesDay[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) {
    const sale = salesOf.get(day);
    const salesAmount = n(sale?.amount ?? 0);
    const refundAmount = refundOf.get(day) ?? 0;
    days.push({
      day,
      orders: n(sale?.orders ?? 0),
      pieces: n(sale?.pieces ?? 0),
      salesAmount,
      refundAmount,
      netAmount: salesAmount - refundAmount,
    });
  }
  return days;
}

async function refundCount(db: Db, s: Scope): Promise<number> {
  const [row] = s.lines
    ? await queryRows<{ n: Num }>(
        db,
        sql`select count(distinct r.id) as n from (${refundedLines(s, sql`r.id`)}) r`,
      )
    : await queryRows<{ n: Num }>(
        db,
        sql`select count(*) as n from shop_refunds r
            where r.scenic_id = ${s.scenicId} and r.status in (${REFUNDED}) and ${OF_A_SALE}
              and r.done_at >= ${s.start.toISOString()}::timestamptz and r.done_at < ${s.end.toISOString()}::timestamptz`,
      );
  return n(row?.n ?? 0);
}

/** Category names of the area: "parent / child" for a subcategory. */
async function categoryNames(db: Db, scenicId: number): Promise<Map<number, string>> {
  const rows = await queryRows<{ id: number; name: string; parent_name: string | null }>(
    db,
    sql`select c.id, c.name, p.name as parent_name from shop_categories c
        left join shop_categories p on p.id = c.parent_id where c.scenic_id = ${scenicId}`,
  );
  return new Map(rows.map((r) => [Number(r.id), r.parent_name ? `${r.parent_name} / ${r.name}` : r.name]));
}

async function byGoods(db: Db, s: Scope, names: Map<number, string>, lang: Lang): Promise<ShopSalesGoods[]> {
  const sold = await queryRows<{
    goods_id: number | null;
    name: string;
    category_id: number | null;
    orders: Num;
    pieces: Num;
    amount: Num;
  }>(
    db,
    sql`select goods_id, max(name) as name, max(category_id) as category_id, count(distinct order_id) as orders,
          sum(quantity) as pieces, sum(amount) as amount
        from (${soldLines(s, sql`l.goods_id, coalesce(g.name, l.goods_name) as name, g.category_id, o.id as order_id, l.quantity, l.amount`)}) t
        group by goods_id`,
  );
  const refunded = await queryRows<{
    goods_id: number | null;
    name: string;
    category_id: number | null;
    pieces: Num;
    amount: Num;
  }>(
    db,
    sql`select goods_id, max(name) as name, max(category_id) as category_id, sum(quantity) as pieces, sum(amount) as amount
        from (${refundedLines(s, sql`l.goods_id, coalesce(g.name, l.goods_name) as name, g.category_id, x.quantity, x.amount`)}) t
        group by goods_id`,
  );
  const rows = new Map<string, ShopSalesGoods>();
  const rowOf = (r: { goods_id: number | null; name: string; category_id: number | null }) => {
    const k = String(r.goods_id);
    let row = rows.get(k);
    if (!row) {
      row = {
        goodsId: r.goods_id == null ? null : Number(r.goods_id),
        goodsName: r.name,
        categoryName:
          r.category_id == null
            ? ShopStatisticsField.unknown[lang]
            : (names.get(Number(r.category_id)) ?? ShopStatisticsField.unknown[lang]),
        orders: 0,
        pieces: 0,
        amount: 0,
        refundedPieces: 0,
        refundedAmount: 0,
      };
      rows.set(k, row);
    }
    return row;
  };
  for (const r of sold)
    Object.assign(rowOf(r), { orders: n(r.orders), pieces: n(r.pieces), amount: n(r.amount) });
  for (const r of refunded)
    Object.assign(rowOf(r), { refundedPieces: n(r.pieces), refundedAmount: n(r.amount) });
  return [...rows.values()].sort(
    (a, b) => b.amount - a.amount || b.pieces - a.pieces || (a.goodsId ?? 0) - (b.goodsId ?? 0),
  );
}

async function byCategory(
  db: Db,
  s: Scope,
  names: Map<number, string>,
  lang: Lang,
): Promise<ShopSalesCategory[]> {
  const sold = await queryRows<{ category_id: number | null; orders: Num; pieces: Num; amount: Num }>(
    db,
    sql`select category_id, count(distinct order_id) as orders, sum(quantity) as pieces, sum(amount) as amount
        from (${soldLines(s, sql`g.category_id, o.id as order_id, l.quantity, l.amount`)}) t group by category_id`,
  );
  const refunded = await queryRows<{ category_id: number | null; amount: Num }>(
    db,
    sql`select category_id, sum(amount) as amount
        from (${refundedLines(s, sql`g.category_id, x.amount`)}) t group by category_id`,
  );
  const rows = new Map<string, ShopSalesCategory>();
  const rowOf = (id: number | null) => {
    const k = String(id);
    let row = rows.get(k);
    if (!row) {
      const categoryId = id == null ? null : Number(id);
      row = {
        categoryId,
        categoryName:
          categoryId == null
            ? ShopStatisticsField.unknown[lang]
            : (names.get(categoryId) ?? ShopStatisticsField.unknown[lang]),
        orders: 0,
        pieces: 0,
        amount: 0,
        refundedAmount: 0,
      };
      rows.set(k, row);
    }
    return row;
  };
  for (const r of sold)
    Object.assign(rowOf(r.category_id), { orders: n(r.orders), pieces: n(r.pieces), amount: n(r.amount) });
  for (const r of refunded) rowOf(r.category_id).refundedAmount = n(r.amount);
  return [...rows.values()].sort((a, b) => b.amount - a.amount || (a.categoryId ?? 0) - (b.categoryId ?? 0));
}

/**
 * The shop's sales of the acting area over whole area days `from`..`to`: the daily series, the
 * goods (all, by amount), the categories and the totals.
 */
export async function shopStatistics(
  db: Db,
  scenicId: number,
  q: ShopStatisticsQuery,
  lang: Lang,
): Promise<ShopStatistics> {
  const timeZone = await areaTimeZone(db, scenicId);
  const s: Scope = {
    scenicId,
    timeZone,
    start: areaDayStart(q.from, timeZone),
    end: areaDayEnd(q.to, timeZone),
    lines: lineFilter(scenicId, q),
  };
  const names = await categoryNames(db, scenicId);
  const days = await dailySeries(db, s, q.from, q.to);
  const goods = await byGoods(db, s, names, lang);
  const categories = await byCategory(db, s, names, lang);
  const sum = (k: 'orders' | 'pieces' | 'salesAmount' | 'refundAmount' | 'netAmount') =>
    days.reduce((acc, d) => acc + d[k], 0);
  return {
    from: q.from,
    to: q.to,
    timeZone,
    totals: {
      orders: sum('orders'),
      pieces: sum('pieces'),
      salesAmount: sum('salesAmount'),
      refundAmount: sum('refundAmount'),
      netAmount: sum('netAmount'),
      refunds: await refundCount(db, s),
    },
    days,
    goods,
    categories,
  };
}
