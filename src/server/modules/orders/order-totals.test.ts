import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderPage } from '../../../shared/api/orders.ts';
import { seedDemoOrders } from '../order-admin/demo-history/demo-orders.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { orderTotals, orderWhere, sumOrders } from '../order-admin/order-admin.query.ts';
import { compactOrderTotals, splitRange } from './order-totals.ts';
import { rowsOf } from '../../db/rows.ts';

let t: TestApp;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoOrders(db(), { scenicId: 1, orders: 800, now: new Date('2026-11-21T04:00:00Z') });
});
afterAll(() => t.close());

/** The totals straight from the orders, the way the list filters them. */
const direct = (q: Partial<OrderPage>) => sumOrders(db(), orderWhere(1, q));

const FILTERS: Partial<OrderPage>[] = [
  {},
  { status: 402 },
  { status: 402, channel: 1 },
  { ordIsPay: 201, ordPayWay: 1 },
  // whole China days, a range cut inside days at both ends, one inside a single day, open ends
  { ordStartTime: '2026-06-01T00:00:00+08:00', ordEndTime: '2026-09-30T23:59:59.999+08:00' },
  { ordStartTime: '2026-06-01T13:17:05+08:00', ordEndTime: '2026-09-30T10:00:00+08:00', channel: 1 },
  { ordStartTime: '2026-07-04T09:00:00+08:00', ordEndTime: '2026-07-04T18:00:00+08:00' },
  { ordStartTime: '2026-10-01T00:00:00+08:00' },
  { ordEndTime: '2026-03-15T12:00:00+08:00', status: 203 },
  // not kept by the summary: read from the orders
  { productId: 1 },
];

async function expectSame(label: string) {
  for (const q of FILTERS)
    expect(await orderTotals(db(), 1, q), `${label} ${JSON.stringify(q)}`).toEqual(await direct(q));
}

describe('order_totals_daily (migration 0010)', () => {
  it('gives the same totals as the orders for every filter, after the seed', async () => {
    // the history's 800, the orders of the area's demo travel packages (travel.seed.ts)
    const [travel] = rowsOf<{ n: number }>(
      await db().execute(
        sql`select count(*)::int as n from ticket_orders where departure_id is not null and scenic_id = 1`,
      ),
    );
    expect(travel!.n).toBe(7);
    // and the members' demo purchases (refunds' member-orders.seed.ts)
    const [members] = rowsOf<{ n: number }>(
      await db().execute(
        sql`select count(*)::int as n from ticket_orders where member_id is not null and scenic_id = 1`,
      ),
    );
    expect(members!.n).toBeGreaterThan(0);
    expect((await direct({})).count).toBe(800 + travel!.n + members!.n);
    await expectSame('seeded');
  });

  it('follows every change of an order in its own transaction, and folds its deltas without a change', async () => {
    // status (through the tickets), pay status and money, and a new order
    await db().execute(sql`update order_tickets set status = 302 where status = 201 and id in (
      select id from order_tickets where status = 201 order by id limit 30)`);
    await db().execute(
      sql`update ticket_orders set refunded_amount = paid_amount where id in (select id from ticket_orders where pay_status = 201 order by id desc limit 5)`,
    );
    await expectSame('changed');
    const before = rowsOf<{ n: number }>(
      await db().execute(sql`select count(*)::int as n from order_totals_daily`),
    )[0]!.n;
    await compactOrderTotals(db());
    const after = rowsOf<{ n: number }>(
      await db().execute(sql`select count(*)::int as n from order_totals_daily`),
    )[0]!.n;
    expect(after).toBeLessThan(before);
    await expectSame('compacted');
    // folded rows are left alone: a second run with no new deltas rewrites nothing
    const versions = async () =>
      rowsOf<{ v: string }>(await db().execute(sql`select xmin::text as v from order_totals_daily`))
        .map((r) => r.v)
        .sort()
        .join();
    const folded = await versions();
    await compactOrderTotals(db());
    expect(await versions()).toBe(folded);
  });
});

/** The summary by day (deltas added up) next to the orders counted by their day in `timeZone`. */
async function daysOf(timeZone: string) {
  const summary = rowsOf<{ day: string; n: number; paid: number }>(
    await db().execute(sql`select day::text as day, sum(orders)::int as n, sum(paid_amount)::int as paid
      from order_totals_daily where scenic_id = 1 group by day
      having sum(orders) <> 0 or sum(paid_amount) <> 0 order by day`),
  );
  const orders = rowsOf<{ day: string; n: number; paid: number }>(
    await db()
      .execute(sql`select (created_at at time zone ${timeZone})::date::text as day, count(*)::int as n,
        sum(paid_amount)::int as paid
      from ticket_orders where scenic_id = 1 group by 1 order by 1`),
  );
  return { summary, orders };
}

describe("order_totals_daily follows the area's zone (migration 0012)", () => {
  const NY_FILTERS: Partial<OrderPage>[] = [
    // whole New York days (summer and winter time), ranges cut inside days
    { ordStartTime: '2026-06-01T00:00:00-04:00', ordEndTime: '2026-09-30T23:59:59.999-04:00' },
    { ordStartTime: '2026-06-01T13:17:05-04:00', ordEndTime: '2026-09-30T10:00:00-04:00', channel: 1 },
    { ordStartTime: '2026-01-05T00:00:00-05:00', ordEndTime: '2026-03-01T00:00:00-05:00', status: 203 },
    { ordStartTime: '2026-10-01T00:00:00-04:00' },
  ];
  const saveZone = async (token: string, timeZone: string) => {
    const current = (await t.call(token, 'GET', '/web/api/admin/setting/query')).json().data;
    const { scenicId: _s, scenicName: _n, saved: _v, updateTime: _u, ...form } = current;
    const res = await t.call(token, 'POST', '/web/api/admin/setting/update', { ...form, timeZone });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.timeZone).toBe(timeZone);
  };

  it('moves the days of an area to its new zone in the same save, and later changes follow it', async () => {
    const { access_token: admin } = await t.login('admin');
    // China days before the change
    const china = await daysOf('Asia/Shanghai');
    expect(china.summary).toEqual(china.orders);

    await saveZone(admin, 'America/New_York');
    const ny = await daysOf('America/New_York');
    expect(ny.summary).toEqual(ny.orders);
    expect(ny.summary).not.toEqual(china.summary);
    for (const q of [...FILTERS, ...NY_FILTERS])
      expect(await orderTotals(db(), 1, q), `New York ${JSON.stringify(q)}`).toEqual(await direct(q));

    // orders changed and created after the change are counted by New York days
    await db().execute(sql`update order_tickets set status = 302 where id in (
      select id from order_tickets where status = 201 and scenic_id = 1 order by id limit 20)`);
    await seedDemoOrders(db(), { scenicId: 1, orders: 50, now: new Date('2026-11-22T03:30:00Z'), seed: 7 });
    await compactOrderTotals(db());
    const later = await daysOf('America/New_York');
    expect(later.summary).toEqual(later.orders);
    for (const q of NY_FILTERS) expect(await orderTotals(db(), 1, q)).toEqual(await direct(q));

    // and back: China days again
    await saveZone(admin, 'Asia/Shanghai');
    const back = await daysOf('Asia/Shanghai');
    expect(back.summary).toEqual(back.orders);
    await expectSame('back in Shanghai');
  });
});

describe('splitRange', () => {
  it('reads whole China days from the summary and the cut ends from the orders', () => {
    const s = splitRange(
      new Date('2026-06-01T13:00:00+08:00'),
      new Date('2026-06-05T10:00:00+08:00'),
      'Asia/Shanghai',
    );
    expect(s.days).toEqual({ from: '2026-06-02', until: '2026-06-05' });
    expect(s.head).toEqual({
      from: new Date('2026-06-01T13:00:00+08:00'),
      before: new Date('2026-06-02T00:00:00+08:00'),
    });
    expect(s.tail).toEqual({
      from: new Date('2026-06-05T00:00:00+08:00'),
      to: new Date('2026-06-05T10:00:00+08:00'),
    });
    // a start at midnight has no head; a range inside two days is read from the orders alone
    expect(splitRange(new Date('2026-06-01T00:00:00+08:00'), undefined, 'Asia/Shanghai')).toMatchObject({
      days: { from: '2026-06-01' },
      head: undefined,
      tail: undefined,
    });
    expect(
      splitRange(
        new Date('2026-06-01T08:00:00+08:00'),
        new Date('2026-06-02T08:00:00+08:00'),
        'Asia/Shanghai',
      ).days,
    ).toBeNull();
  });

  it("cuts at the midnights of the area's zone, not the server's or China's", () => {
    // 2026-06-01 00:00 in Shanghai is 12:00 the day before in New York
    const ny = splitRange(
      new Date('2026-06-01T00:00:00+08:00'),
      new Date('2026-06-05T00:00:00+08:00'),
      'America/New_York',
    );
    expect(ny.days).toEqual({ from: '2026-06-01', until: '2026-06-04' });
    expect(ny.head).toEqual({
      from: new Date('2026-06-01T00:00:00+08:00'),
      before: new Date('2026-06-01T00:00:00-04:00'),
    });
    expect(ny.tail).toEqual({
      from: new Date('2026-06-04T00:00:00-04:00'),
      to: new Date('2026-06-05T00:00:00+08:00'),
    });
    // a day of 25 hours (New York leaves summer time on 2026-11-01) is still one day
    expect(
      splitRange(
        new Date('2026-11-01T00:00:00-04:00'),
        new Date('2026-11-02T00:00:00-05:00'),
        'America/New_York',
      ),
    ).toMatchObject({ days: { from: '2026-11-01', until: '2026-11-02' }, head: undefined });
  });
});
