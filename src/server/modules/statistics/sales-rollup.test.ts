import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/rows.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { seedDemoOrders } from '../order-admin/demo-history/demo-orders.ts';
import { SalesWorkload } from './sales-rollup.fixture.ts';
import {
  foldSalesRollups,
  hourSales,
  orderSales,
  rezoneSalesRollups,
  salesRollupMismatches,
  ticketSales,
} from './sales-rollup.ts';

let t: TestApp;
const db = () => t.database.db;
const count = async (table: string) =>
  Number((await queryRows<{ n: number }>(db(), sql`select count(*)::int as n from ${sql.raw(table)}`))[0]!.n);

beforeAll(async () => {
  t = await createTestApp();
  // the demo history: written in bulk (statement triggers), with refunds and cancellations
  await seedDemoOrders(db(), { scenicId: 1, orders: 600, now: new Date('2026-11-21T04:00:00Z') });
});
afterAll(() => t.close());

describe('sales rollups (migration 0057)', () => {
  it('equal the facts after the demo history', async () => {
    expect(await salesRollupMismatches(db())).toEqual([]);
    const [year] = await ticketSales(db(), 1, { from: '2025-01-01', to: '2026-12-31' }, []);
    expect(year!.tickets).toBeGreaterThan(600);
    expect(year!.refundedTickets).toBeGreaterThan(0);
  });

  it('equal the facts after a random workload of orders, payments, cancellations, refunds and entries', async () => {
    const work = await SalesWorkload.open(db(), 1, 4242);
    for (let i = 0; i < 400; i++) await work.step(db());
    expect(work.done.refund).toBeGreaterThan(5);
    expect(work.done.cancel).toBeGreaterThan(5);
    expect(work.done.pay).toBeGreaterThan(5);
    expect(await salesRollupMismatches(db())).toEqual([]);

    // the fold leaves one row per key and the same sums; a second fold rewrites nothing
    const before = await count('sales_daily');
    await foldSalesRollups(db());
    expect(await count('sales_daily')).toBeLessThan(before);
    expect(await salesRollupMismatches(db())).toEqual([]);
    const versions = async () =>
      (await queryRows<{ v: string }>(db(), sql`select xmin::text as v from sales_hourly order by 1`))
        .map((r) => r.v)
        .join();
    const folded = await versions();
    await foldSalesRollups(db());
    expect(await versions()).toBe(folded);
  });

  it('answer grouped reads equal to a direct query of the facts', async () => {
    const period = { from: '2026-01-01', to: '2026-12-31' };
    const byChannel = await ticketSales(db(), 1, period, ['channel']);
    const direct = await queryRows<{ channel: number; tickets: number; amount: number }>(
      db(),
      sql`select o.channel::int as channel, count(*)::int as tickets, sum(t.price)::int as amount
        from order_tickets t join ticket_orders o on o.id = t.order_id
        where o.scenic_id = 1 and o.pay_status = 201
          and (o.created_at at time zone 'Asia/Shanghai')::date between '2026-01-01' and '2026-12-31'
        group by 1 order by 1`,
    );
    expect(byChannel.map((r) => ({ channel: r.channel, tickets: r.tickets, amount: r.amount }))).toEqual(
      direct,
    );
    const [orders] = await orderSales(db(), 1, period, []);
    const [facts] = await queryRows<{ orders: number; amount: number; refunded: number }>(
      db(),
      sql`select count(*)::int as orders, sum(total_amount)::int as amount, sum(refunded_amount)::int as refunded
        from ticket_orders where scenic_id = 1 and pay_status = 201
          and (created_at at time zone 'Asia/Shanghai')::date between '2026-01-01' and '2026-12-31'`,
    );
    expect(orders).toEqual({
      orders: facts!.orders,
      tickets: orders!.tickets,
      amount: facts!.amount,
      refundedAmount: facts!.refunded,
    });
    // by hour: 24 hours at most, the same orders
    const hours = await hourSales(db(), 1, period, ['hour']);
    expect(hours.length).toBeLessThanOrEqual(24);
    expect(hours.reduce((s, h) => s + h.orders, 0)).toBe(facts!.orders);
  });

  it('move to a new time zone of the area', async () => {
    await db().transaction(async (tx) => {
      await tx.execute(sql`update scenic_areas set time_zone = 'America/New_York' where id = 1`);
      await rezoneSalesRollups(tx, 1);
    });
    expect(await salesRollupMismatches(db())).toEqual([]);
    await db().execute(sql`update scenic_areas set time_zone = 'Asia/Shanghai' where id = 1`);
    await rezoneSalesRollups(db(), 1);
    expect(await salesRollupMismatches(db())).toEqual([]);
  });
});
