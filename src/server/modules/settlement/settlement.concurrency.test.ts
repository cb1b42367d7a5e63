import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { seedDemoOrders } from '../order-admin/demo-history/demo-orders.ts';
import { rush, closeWideApp, openWideApp } from '../../test/concurrency.ts';
import type { TestApp } from '../../test/harness.ts';
import { createDistributor, distributorLedgerMismatches, topUpDistributor } from '../distribution/index.ts';
import { moveWithdrawal, requestWithdrawal } from '../withdrawals/index.ts';
import { createBatch, moveBatch } from './settlement.service.ts';

// PGlite has a single connection: real concurrency needs PostgreSQL.
describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'withdrawals and settlement under concurrency (PostgreSQL)',
  () => {
    const WIDTH = 20;
    let t: TestApp;
    let wide: Database;
    let db: Db;
    let scenicId: number;
    let staff: number[];
    let seq = 0;
    const bank = { bankName: '招商银行', bankAccount: '6214830571234567', accountName: '并发旅行社' };

    beforeAll(async () => {
      ({ t, wide, db } = await openWideApp(WIDTH + 5));
      scenicId = Number(
        (
          await queryRows<{ s: number }>(db, sql`select scenic_id as s from admins where username = 'agent'`)
        )[0]!.s,
      );
      staff = (
        await queryRows<{ id: number }>(
          db,
          sql`select id from admins where username in ('admin', 'staff') order by id`,
        )
      ).map((r) => Number(r.id));
      await seedDemoOrders(db, { scenicId, orders: 300, days: 70 });
    });
    afterAll(() => closeWideApp(wide, t));

    /**
     * The control of a compare-and-set: two callers at once read the state (`read`), and where it is
     * still `expected`, wait a little and `write` without a guard; each answers whether it wrote.
     */
    /** A withdrawal of `amount` that distributor `d`'s own account asks for, to the test bank account. */
    const askWithdrawal = (d: { id: number; adminId: number }, amount: number) =>
      requestWithdrawal(db, { scenicId, distributorId: d.id, amount, ...bank, requestedBy: d.adminId });

    const uncheckedTwice = (read: SQL, expected: number, write: SQL) =>
      rush(2, () =>
        db.transaction(async (tx) => {
          const [r] = await queryRows<{ state: number }>(tx, read);
          if (Number(r!.state) !== expected) return false;
          await new Promise((resolve) => setTimeout(resolve, 20));
          await tx.execute(write);
          return true;
        }),
      );

    async function distributor(balance: number) {
      const [row] = await queryRows<{ id: number }>(
        db,
        sql`insert into admins (username, password_hash, adm_type, scenic_id, pay_type)
          values (${`wd-race-${++seq}`}, 'x', 3, ${scenicId}, 1) returning id`,
      );
      const adminId = Number(row!.id);
      const id = await db.transaction(async (tx) => {
        const d = await createDistributor(tx, { scenicId, adminId, company: `并发 ${seq}`, state: 1 });
        await topUpDistributor(tx, { scenicId, distributorId: d.id, amount: balance });
        return d.id;
      });
      return { id, adminId };
    }

    it('20 parallel requests never hold more than the balance (covers 3)', async () => {
      const d = await distributor(30_000);
      const result = await rush(WIDTH, () => askWithdrawal(d, 10_000));
      expect(result.unexpected).toEqual([]);
      expect(result.ok).toBe(3);
      const [m] = await queryRows<{ balance: number; held: number }>(
        db,
        sql`select balance, held from distributors where id = ${d.id}`,
      );
      expect({ balance: Number(m!.balance), held: Number(m!.held) }).toEqual({ balance: 0, held: 30_000 });
      expect(
        (await distributorLedgerMismatches(db, scenicId)).filter((x) => x.distributorId === d.id),
      ).toEqual([]);
    });

    it('control: without the guard, parallel holds overspend', async () => {
      const d = await distributor(30_000);
      // the unguarded read-then-write the guard replaces
      const result = await rush(WIDTH, () =>
        db.transaction(async (tx) => {
          const [r] = await queryRows<{ balance: number }>(
            tx,
            sql`select balance from distributors where id = ${d.id}`,
          );
          if (Number(r!.balance) < 10_000) return false;
          await new Promise((resolve) => setTimeout(resolve, 20));
          await tx.execute(
            sql`update distributors set balance = ${Number(r!.balance) - 10_000}, held = held + 10000 where id = ${d.id}`,
          );
          return true;
        }),
      );
      expect(result.values.filter(Boolean).length).toBeGreaterThan(3);
    });

    it('two reviewers paying one withdrawal at once pay it once', async () => {
      const d = await distributor(50_000);
      // a third account approves, so neither payer is refused as the approver (two people for money out)
      const [approver] = await queryRows<{ id: number }>(
        db,
        sql`insert into admins (username, password_hash, adm_type, scenic_id)
          values (${`wd-approver-${++seq}`}, 'x', 2, ${scenicId}) returning id`,
      );
      const w = await askWithdrawal(d, 20_000);
      const approve = await rush(2, () =>
        moveWithdrawal(db, { scenicId, id: w.id, move: 'approve', actorId: Number(approver!.id) }),
      );
      expect(approve.unexpected).toEqual([]);
      expect([approve.ok, approve.conflicts]).toEqual([1, 1]);
      const pay = await rush(2, (i) =>
        moveWithdrawal(db, {
          scenicId,
          id: w.id,
          move: 'pay',
          actorId: staff[i % staff.length]!,
          bankReference: `B-${i}`,
        }),
      );
      expect(pay.unexpected).toEqual([]);
      expect([pay.ok, pay.conflicts]).toEqual([1, 1]);
      const payouts = await queryRows<{ n: number }>(
        db,
        sql`select count(*)::int as n from distributor_ledger where reference = ${w.withdrawalNo} and kind = 8`,
      );
      expect(Number(payouts[0]!.n)).toBe(1);
      expect(
        (await distributorLedgerMismatches(db, scenicId)).filter((x) => x.distributorId === d.id),
      ).toEqual([]);
    });

    it('control: a payout without the compare-and-set pays twice', async () => {
      const d = await distributor(50_000);
      const w = await askWithdrawal(d, 20_000);
      await moveWithdrawal(db, { scenicId, id: w.id, move: 'approve', actorId: staff[0]! });
      const result = await uncheckedTwice(
        sql`select state from distributor_withdrawals where id = ${w.id}`,
        2,
        sql`update distributor_withdrawals set state = 3, bank_reference = 'x' where id = ${w.id}`,
      );
      expect(result.values.filter(Boolean).length).toBe(2);
    });

    it('closing one batch twice at once settles once; control: without the compare-and-set both proceed', async () => {
      const [m] = await queryRows<{ month: string; last: string }>(
        db,
        sql`select to_char(date_trunc('month', t.visit_date), 'YYYY-MM-DD') as month,
            to_char(date_trunc('month', t.visit_date) + interval '1 month - 1 day', 'YYYY-MM-DD') as last
          from order_tickets t join ticket_orders o on o.id = t.order_id
          where o.channel = 13 and t.status in (402, 403, 501) and t.visit_date < date_trunc('month', current_date)
          group by 1, 2 order by count(*) desc limit 1`,
      );
      const batch = await createBatch(db, {
        scenicId,
        periodFrom: m!.month,
        periodTo: m!.last,
        adminId: staff[0]!,
      });
      const result = await rush(2, (i) =>
        moveBatch(db, { scenicId, id: batch.id, move: 'close', adminId: staff[i % staff.length]! }),
      );
      expect(result.unexpected).toEqual([]);
      expect([result.ok, result.conflicts]).toEqual([1, 1]);
      const [items] = await queryRows<{ n: number; tickets: number }>(
        db,
        sql`select count(*)::int as n, count(distinct ticket_id)::int as tickets from settlement_items where batch_id = ${batch.id}`,
      );
      expect(Number(items!.n)).toBeGreaterThan(0);
      expect(Number(items!.n)).toBe(Number(items!.tickets));
      expect(Number(items!.n)).toBe(result.values[0]!.ticketCount);

      // control: the read-then-write close lets both callers through
      const other = await createBatch(db, {
        scenicId,
        periodFrom: '2019-01-01',
        periodTo: '2019-01-31',
        adminId: null,
      });
      const control = await uncheckedTwice(
        sql`select state from settlement_batches where id = ${other.id}`,
        1,
        sql`update settlement_batches set state = 2 where id = ${other.id}`,
      );
      expect(control.values.filter(Boolean).length).toBe(2);
    });
  },
);
