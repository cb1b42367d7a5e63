import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../../db/rows.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { ledgerMismatches } from '../../members/index.ts';

/** The demo's year of shop orders (issue 18) adds up: statuses, money, stock, sales and balances. */
let t: TestApp;
const rows = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await t.database.db.execute(query));
const one = async <T>(query: ReturnType<typeof sql>) => (await rows<T>(query))[0]!;

beforeAll(async () => {
  t = await createTestApp();
}, 120_000);
afterAll(() => t.close());

describe('the demo shop orders', () => {
  it('cover a year in all 13 statuses, both after-sales types and all four of their statuses', async () => {
    const statuses = await rows<{ status: number; n: number }>(
      sql`select status, count(*)::int as n from shop_orders group by status order by status`,
    );
    expect(statuses.map((s) => s.status)).toEqual([
      101, 102, 103, 201, 202, 203, 204, 205, 301, 302, 401, 402, 601,
    ]);
    const total = statuses.reduce((s, r) => s + r.n, 0);
    expect(total).toBeGreaterThanOrEqual(1400);
    const span = await one<{ days: number }>(
      sql`select extract(day from max(created_at) - min(created_at))::int as days from shop_orders`,
    );
    expect(span.days).toBeGreaterThan(300);
    const aftersales = await rows<{ type: number; status: number }>(
      sql`select distinct type, status from shop_aftersales order by type, status`,
    );
    expect(new Set(aftersales.map((a) => a.type))).toEqual(new Set([1, 2]));
    expect(new Set(aftersales.map((a) => a.status))).toEqual(new Set([1, 2, 3, 4]));
    const reviews = await one<{ n: number; wrong: number }>(sql`select count(*)::int as n,
      count(*) filter (where o.status not in (402, 601))::int as wrong
      from shop_reviews r join shop_orders o on o.id = r.order_id`);
    expect(reviews.n).toBeGreaterThan(0);
    expect(reviews.wrong).toBe(0);
  });

  it('each order’s refunded amount is the sum of its done refunds and of its lines’ refunds', async () => {
    const wrong = await one<{ refunds: number; lines: number; paid: number; history: number }>(sql`select
      (select count(*)::int from shop_orders o where o.refunded_amount <>
        coalesce((select sum(amount) from shop_refunds r where r.order_id = o.id and r.status = 'done'), 0)) as refunds,
      (select count(*)::int from shop_orders o where o.refunded_amount <>
        (select sum(refunded_amount) from shop_order_lines l where l.order_id = o.id)) as lines,
      (select count(*)::int from shop_orders o where (o.paid_at is not null) <>
        exists (select 1 from shop_payments p where p.order_id = o.id and p.amount = o.pay_amount)) as paid,
      (select count(*)::int from shop_orders o where o.status <>
        (select to_status from shop_order_history h where h.order_id = o.id order by h.created_at desc, h.id desc limit 1)) as history`);
    expect(wrong).toEqual({ refunds: 0, lines: 0, paid: 0, history: 0 });
    // an order refunded in full has every piece refunded
    const refunded = await one<{ n: number }>(sql`select count(*)::int as n from shop_orders o
      where o.status = 203 and o.refunded_amount = 0`);
    expect(refunded.n).toBe(0);
  });

  it('stock: every SKU’s stock is the sum of its ledger; sales are the paid pieces not refunded', async () => {
    const stock = await one<{ n: number }>(sql`select count(*)::int as n from shop_skus s
      where s.stock <> coalesce((select sum(delta) from shop_stock_moves m where m.sku_id = s.id), 0)`);
    expect(stock.n).toBe(0);
    const running = await one<{ n: number }>(sql`select count(*)::int as n from (
        select stock_after, sum(delta) over (partition by sku_id order by id) as run from shop_stock_moves) x
      where stock_after <> run`);
    expect(running.n).toBe(0);
    const sales = await one<{ n: number }>(sql`select count(*)::int as n from shop_goods g where g.sales <>
      coalesce((select sum(l.quantity - l.refunded_quantity) from shop_order_lines l join shop_orders o on o.id = l.order_id
        where l.goods_id = g.id and o.paid_at is not null), 0)`);
    expect(sales.n).toBe(0);
    // placed pieces leave the stock; cancelled and unpaid-then-cancelled come back
    const placed = await one<{ n: number }>(sql`select count(*)::int as n from shop_orders o where
      (select coalesce(-sum(delta), 0) from shop_stock_moves m where m.order_id = o.id and m.reason = 5) <>
      (select sum(quantity) from shop_order_lines l where l.order_id = o.id)`);
    expect(placed.n).toBe(0);
    const cancelled = await one<{ n: number }>(sql`select count(*)::int as n from shop_orders o
      where o.status in (102, 103) and (select coalesce(sum(delta), 0) from shop_stock_moves m where m.order_id = o.id) <> 0`);
    expect(cancelled.n).toBe(0);
  });

  it('pay way 9 orders debit the member balance through its ledger (npm run check:ledgers)', async () => {
    expect(await ledgerMismatches(t.database.db)).toEqual([]);
    const missing = await one<{ debits: number; orders: number }>(sql`select
      (select count(*)::int from shop_orders o join shop_payments p on p.order_id = o.id and p.pay_way = 9
        where not exists (select 1 from member_ledger l where l.reference = o.order_no and l.change = -o.pay_amount)) as debits,
      (select count(*)::int from shop_payments p where p.pay_way = 9) as orders`);
    expect(missing.debits).toBe(0);
    expect(missing.orders).toBeGreaterThan(0);
  });

  it('the last week’s paid orders (template 3) and refunds in full (template 6) are in the send log', async () => {
    const sends = await rows<{
      template: number;
      ref: string;
      event_key: string;
      recipient: string;
      amount: string;
      wrong: boolean;
    }>(sql`select m.template, m.ref, m.event_key, m.recipient, m.variables->>'amount' as amount,
        o.id is null or a.code <> 'QSH' or m.recipient <> o.receiver_phone or m.use <> 6
          or m.variables->>'orderNo' <> o.order_no or m.variables->>'area' <> a.name
          or (m.template = 3 and (o.paid_at is null or m.created_at <> o.paid_at
            or m.variables->>'amount' <> to_char(o.pay_amount / 100.0, 'FM999999990.00')))
          or (m.template = 6 and (o.status <> 203 or not exists (select 1 from shop_order_history h
            where h.order_id = o.id and h.transition = 'S18' and h.created_at = m.created_at))) as wrong
      from outbox_messages m join scenic_areas a on a.id = m.scenic_id
      left join shop_orders o on o.order_no = m.ref and o.scenic_id = m.scenic_id
      where m.template in (3, 6)`);
    expect(sends.filter((m) => m.wrong)).toEqual([]);
    const keys = sends.map((m) => m.event_key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const m of sends)
      expect(m.event_key).toBe(`${m.template === 3 ? 'shopPaid' : 'shopRefunded'}:${m.ref}`);
    expect(sends.filter((m) => m.template === 3).length).toBeGreaterThan(0);
    // every such event of the week with a mobile has its message (a demo day has fewer than 30; an
    // hour's margin for the seed having run a little before this test)
    const missing = await one<{ paid: number; refunded: number; refunds: number }>(sql`select
      (select count(*)::int from shop_orders o where o.paid_at >= now() - interval '167 hours'
        and o.receiver_phone ~ '^1[0-9]{10}$' and not exists (select 1 from outbox_messages m
          where m.template = 3 and m.ref = o.order_no)) as paid,
      (select count(*)::int from shop_order_history h join shop_orders o on o.id = h.order_id
        where h.transition = 'S18' and h.created_at >= now() - interval '167 hours'
          and o.receiver_phone ~ '^1[0-9]{10}$' and not exists (select 1 from outbox_messages m
            where m.template = 6 and m.ref = o.order_no)) as refunded,
      (select count(*)::int from shop_order_history h
        where h.transition = 'S18' and h.created_at >= now() - interval '167 hours') as refunds`);
    expect({ paid: missing.paid, refunded: missing.refunded }).toEqual({ paid: 0, refunded: 0 });
    if (missing.refunds > 0) expect(sends.filter((m) => m.template === 6).length).toBeGreaterThan(0);
  });
});
