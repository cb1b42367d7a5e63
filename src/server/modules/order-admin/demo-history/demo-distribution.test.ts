import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { distributorLedgerMismatches, seedDemoDistributorLedger } from '../../distribution/index.ts';
import { seedDemoSettlement } from '../../settlement/index.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { rowsOf } from '../../../db/rows.ts';
import { seedDemoOrders } from './demo-orders.ts';

/** The distributors' side of the demo (issue 17): what `npm run check:ledgers` proves, on a freshly seeded demo. */
let t: TestApp;
const NOW = new Date('2026-11-21T04:00:00Z');
const rows = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await t.database.db.execute(query));
const one = async <T>(query: ReturnType<typeof sql>) => (await rows<T>(query))[0]!;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoOrders(t.database.db, { scenicId: 1, orders: 1_500, now: NOW });
  await seedDemoSettlement(t.database.db, 1, NOW);
}, 120_000);
afterAll(() => t.close());

describe('the demo distributors', () => {
  it('balances, credit used and held equal the sums of their ledgers (npm run check:ledgers)', async () => {
    expect(await distributorLedgerMismatches(t.database.db)).toEqual([]);
    // and every amount_after is the running value of its account in time order
    const wrong = await one<{ n: number }>(sql`select count(*)::int as n from (
        select amount_after, sum(change) over (partition by distributor_id, account order by created_at, id) as run
        from distributor_ledger) x where amount_after <> run`);
    expect(wrong.n).toBe(0);
  });

  it('every order paid on balance or credit has its ledger row, and every refund of one its refund rows', async () => {
    const missing = await one<{ debits: number; refunds: number; orders: number }>(sql`select
      (select count(*)::int from ticket_orders o where o.pay_way in (5, 8) and o.paid_amount > 0
        and not exists (select 1 from distributor_ledger l where l.reference = o.order_no
          and l.kind = case o.pay_way when 5 then 2 else 4 end and abs(l.change) = o.paid_amount)) as debits,
      (select count(*)::int from ticket_orders o where o.pay_way in (5, 8) and o.refunded_amount <>
        coalesce((select sum(abs(change)) from distributor_ledger l where l.reference = o.order_no and l.kind = 3), 0)) as refunds,
      (select count(*)::int from ticket_orders o where o.pay_way in (5, 8) and o.paid_amount > 0) as orders`);
    expect(missing).toMatchObject({ debits: 0, refunds: 0 });
    expect(missing.orders).toBeGreaterThan(20);
  });

  it('about 30 distributors in all four states and tiers sell at their tier prices', async () => {
    const states = await rows<{ state: number; n: number }>(
      sql`select state, count(*)::int as n from distributors where scenic_id = 1 group by state order by state`,
    );
    expect(states.map((s) => s.state)).toEqual([1, 2, 3, 4]);
    expect(states.reduce((n, s) => n + s.n, 0)).toBeGreaterThanOrEqual(28);
    const sellers = await one<{ n: number; off: number; tiered: number }>(sql`select
      count(distinct o.admin_id)::int as n,
      count(*) filter (where t.price <> l.settlement_price)::int as off,
      count(*) filter (where o.tier_id is not null)::int as tiered
      from ticket_orders o join order_tickets t on t.order_id = o.id
      join distributors d on d.admin_id = o.admin_id
      left join price_tier_lines l on l.tier_id = o.tier_id and l.product_id = t.product_id
      where o.channel = 13`);
    expect(sellers.n).toBeGreaterThan(5);
    expect(sellers.tiered).toBeGreaterThan(0);
    expect(sellers.off).toBe(0);
  });

  it('top-ups, credit grants and repayments, withdrawals in every state with the held money of the open ones', async () => {
    const money = await one<{ topUps: number; grants: number; repays: number; states: number[] }>(sql`select
      (select count(*)::int from distributor_top_ups where state = 2) as "topUps",
      (select count(*)::int from distributor_credit_records where kind = 1) as grants,
      (select count(*)::int from distributor_credit_records where kind = 2) as repays,
      (select array_agg(distinct state order by state)::int[] from distributor_withdrawals) as states`);
    expect(money.topUps).toBeGreaterThan(10);
    expect(money.grants).toBeGreaterThan(3);
    expect(money.repays).toBeGreaterThan(3);
    expect(money.states).toEqual([1, 2, 3, 4, 5]);
    // two people for money out (the areas' default): nobody paid a withdrawal they approved
    const samePerson = await one<{ n: number }>(
      sql`select count(*)::int as n from distributor_withdrawals where state = 3 and paid_by = reviewed_by`,
    );
    expect(samePerson.n).toBe(0);
    const held = await rows<{ id: number; held: number; open: number }>(sql`select d.id, d.held,
        coalesce((select sum(amount) from distributor_withdrawals w where w.distributor_id = d.id and w.state in (1, 2)), 0)::int as open
      from distributors d where d.scenic_id = 1`);
    expect(held.filter((d) => Number(d.held) !== Number(d.open))).toEqual([]);
  });

  it('one closed settlement batch per past month: its tickets at 405, each with its settlement row', async () => {
    const months = await rows<{ state: number; n: number }>(
      sql`select state, count(*)::int as n from settlement_batches where scenic_id = 1 group by state`,
    );
    expect(months).toEqual([{ state: 2, n: expect.any(Number) }]);
    expect(months[0]!.n).toBeGreaterThanOrEqual(10);
    const bad = await one<{ unsettled: number; orphans: number }>(sql`select
      (select count(*)::int from order_tickets t where t.status = 405
        and not exists (select 1 from settlement_items i where i.ticket_id = t.id)) as unsettled,
      (select count(*)::int from settlement_items i join order_tickets t on t.id = i.ticket_id where t.status <> 405) as orphans`);
    expect(bad).toEqual({ unsettled: 0, orphans: 0 });
  });

  it('a second run adds nothing for orders that have their rows; a second history adds its own', async () => {
    expect(await seedDemoDistributorLedger(t.database.db, 1, NOW)).toEqual({ orders: 0, ledgerRows: 0 });
    // `npm run seed -- --orders N` on a seeded database: new numbers, the ledger still adds up
    await seedDemoOrders(t.database.db, { scenicId: 1, orders: 300, now: NOW, seed: 7 });
    expect(await distributorLedgerMismatches(t.database.db)).toEqual([]);
    const missing = await one<{ n: number }>(sql`select count(*)::int as n from ticket_orders o
      where o.pay_way in (5, 8) and o.paid_amount > 0
        and not exists (select 1 from distributor_ledger l where l.reference = o.order_no and l.kind in (2, 4))`);
    expect(missing.n).toBe(0);
  });
});
