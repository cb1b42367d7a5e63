import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TicketStatus } from '../../../../shared/dict/order.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { seedDemoOrders } from './demo-orders.ts';
import { rowsOf } from '../../../db/rows.ts';

let t: TestApp;
const one = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await t.database.db.execute(query))[0]!;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoOrders(t.database.db, { scenicId: 1, orders: 600, now: new Date('2026-11-21T04:00:00Z') });
});
afterAll(() => t.close());

describe('seedDemoOrders', () => {
  it('writes the orders with their tickets, in every kind of outcome', async () => {
    const counts = await one<{ orders: number; tickets: number; statuses: number[] }>(
      // the demo travel packages' orders (travel.seed.ts) and the members' purchases
      // (refunds' member-orders.seed.ts) are not the history's
      sql`select (select count(*)::int from ticket_orders where departure_id is null and member_id is null) as orders,
        (select count(*)::int from order_tickets t join ticket_orders o on o.id = t.order_id
          where t.departure_id is null and o.member_id is null) as tickets,
        (select array_agg(distinct status)::int[] from order_tickets) as statuses`,
    );
    expect(counts.orders).toBe(600);
    expect(counts.tickets).toBeGreaterThan(600);
    // cancelled, refunded, used, expired, and unused for the coming week
    expect(counts.statuses).toEqual(expect.arrayContaining([103, 203, 402, 501, 201]));
    const unknown = await one<{ n: number }>(
      sql`select count(*)::int as n from order_tickets where status not in (${sql.join(
        Object.keys(TicketStatus).map((s) => sql`${Number(s)}`),
        sql`, `,
      )})`,
    );
    expect(unknown.n).toBe(0);
  });

  it('gives the distribution channel’s orders to the demo distributor, and only those', async () => {
    const owned = await one<{ distributed: number; wrong: number }>(sql`select
      (select count(*)::int from ticket_orders o join admins a on a.id = o.admin_id
        where o.channel = 13 and a.username = 'agent') as distributed,
      (select count(*)::int from ticket_orders where (channel = 13) <> (admin_id is not null)) as wrong`);
    expect(owned.distributed).toBeGreaterThan(0);
    expect(owned.wrong).toBe(0);
  });

  it('keeps money consistent: payments match paid orders, refunds match refunded amounts', async () => {
    const bad = await one<{ unpaid: number; refunds: number; fees: number }>(sql`select
      (select count(*)::int from ticket_orders o where o.pay_status = 201
        and o.paid_amount <> (select coalesce(sum(amount), 0) from payments p where p.order_id = o.id)) as unpaid,
      (select count(*)::int from ticket_orders o
        where o.refunded_amount <> (select coalesce(sum(amount), 0) from refunds r where r.order_id = o.id)) as refunds,
      (select count(*)::int from refund_requests where fee + refund_amount <> ticket_amount) as fees`);
    expect(bad).toEqual({ unpaid: 0, refunds: 0, fees: 0 });
    const refunded = await one<{ n: number }>(
      sql`select count(*)::int as n from order_tickets where status = 203`,
    );
    expect(refunded.n).toBeGreaterThan(0);
  });

  it('gives every used ticket its gate events and every refunded ticket a revoked code', async () => {
    const bad = await one<{ noEntry: number; codes: number }>(sql`select
      (select count(*)::int from order_tickets t where t.status in (302, 402, 403)
        and not exists (select 1 from gate_events g where g.ticket_id = t.id and g.direction = 'entry')) as "noEntry",
      (select count(*)::int from order_tickets where status = 203 and code is not null) as codes`);
    expect(bad).toEqual({ noEntry: 0, codes: 0 });
  });

  it('brings the calendar and the public stock in line with the tickets that hold a place', async () => {
    // a travel package's tickets hold their departure's seats, not a calendar place (travel.test.ts)
    const bad = await one<{ calendar: number; over: number; publicStock: number }>(sql`select
      (select count(*)::int from (
        select t.product_id, t.session_id, t.visit_date, count(*) as n from order_tickets t
        where t.status not in (102, 103, 203, 502) and t.departure_id is null group by 1, 2, 3) s
        where not exists (select 1 from price_calendar c where c.product_id = s.product_id and c.date = s.visit_date
          and coalesce(c.session_id, 0) = coalesce(s.session_id, 0) and c.sold = s.n)) as calendar,
      (select count(*)::int from price_calendar where sold > stock) as over,
      (select count(*)::int from (
        select t.period_id, t.visit_date, count(*) as n from order_tickets t
        where t.period_id is not null and t.status not in (102, 103, 203, 502) group by 1, 2) s
        where not exists (select 1 from public_stock p where p.period_id = s.period_id and p.date = s.visit_date
          and p.sold = s.n)) as "publicStock"`);
    expect(bad).toEqual({ calendar: 0, over: 0, publicStock: 0 });
  });

  it("sets each order's status from its tickets, and leaves the trigger on after the load", async () => {
    const summary = sql`(select p.status from order_tickets t join order_status_precedence p on p.status = t.status
      where t.order_id = o.id order by p.rank limit 1)`;
    const wrong = await one<{ n: number }>(
      sql`select count(*)::int as n from ticket_orders o where o.status <> ${summary}`,
    );
    expect(wrong.n).toBe(0);
    // the bulk-load switch was local to the seed's transactions: a later change is followed again
    const order = await one<{ id: number }>(sql`select id from ticket_orders where status = 201 limit 1`);
    await t.database.db.execute(sql`update order_tickets set status = 302 where order_id = ${order.id}`);
    expect(
      (await one<{ status: number }>(sql`select status from ticket_orders where id = ${order.id}`)).status,
    ).toBe(302);
  });

  it('continues the numbering when run again', async () => {
    await seedDemoOrders(t.database.db, { scenicId: 1, orders: 10, seed: 7 });
    const n = await one<{ n: number }>(
      sql`select count(distinct order_no)::int as n from ticket_orders where departure_id is null and member_id is null`,
    );
    expect(n.n).toBe(610);
  });
});
