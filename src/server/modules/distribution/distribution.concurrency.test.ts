import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../db/rows.ts';
import { AppError } from '../../http/errors.ts';
import { barrier, rush } from '../../test/concurrency.ts';
import { useWideOrders } from '../orders/orders.fixture.ts';
import { placeOrder } from '../orders/index.ts';
import { createDistributor, distributorLedgerMismatches, topUpDistributor } from './index.ts';

// PGlite has a single connection: real concurrency needs PostgreSQL (npm run test:pg).
describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'distributor balance and credit under concurrent orders (PostgreSQL)',
  () => {
    const WIDTH = 25;
    const race = useWideOrders(WIDTH + 5, '{1,13,16}');
    let seq = 0;

    /** A normal distributor with its account, `balance` topped up and `creditLimit` granted. */
    async function distributor(balance: number, creditLimit: number) {
      const [row] = await queryRows<{ id: number }>(
        race.db,
        sql`insert into admins (username, password_hash, adm_type, scenic_id, pay_type)
            values (${`race-${++seq}`}, 'x', 3, ${race.f.scenicId}, 1) returning id`,
      );
      const adminId = Number(row!.id);
      const id = await race.db.transaction(async (tx) => {
        const created = await createDistributor(tx, {
          scenicId: race.f.scenicId,
          adminId,
          company: `并发旅行社 ${seq}`,
          state: 1,
          creditLimit,
        });
        if (balance)
          await topUpDistributor(tx, {
            scenicId: race.f.scenicId,
            distributorId: created.id,
            amount: balance,
          });
        return created.id;
      });
      return { id, adminId };
    }

    /** One ticket at 100 yuan, paid at once with pay way 5 or 8. */
    const buy = (adminId: number, payWay: 5 | 8) =>
      placeOrder(race.db, {
        scenicId: race.f.scenicId,
        channel: 13,
        clientId: 'distributionManagement',
        adminId,
        buyer: { name: '团队', phone: '13900000000' },
        lines: [{ productId: race.f.regular, date: race.f.date, quantity: 1 }],
        payNow: { payWay },
      });

    const moneyOf = async (id: number) => {
      const [row] = await queryRows<{ balance: number; credit_used: number; credit_limit: number }>(
        race.db,
        sql`select balance, credit_used, credit_limit from distributors where id = ${id}`,
      );
      return {
        balance: Number(row!.balance),
        creditUsed: Number(row!.credit_used),
        creditLimit: Number(row!.credit_limit),
      };
    };
    const rowsOfKind = async (id: number, kind: number) =>
      Number(
        (
          await queryRows<{ n: number }>(
            race.db,
            sql`select count(*)::int as n from distributor_ledger where distributor_id = ${id} and kind = ${kind}`,
          )
        )[0]!.n,
      );
    const mismatchesOf = async (id: number) =>
      (await distributorLedgerMismatches(race.db, race.f.scenicId)).filter((m) => m.distributorId === id);
    const paidOrders = async (adminId: number) =>
      Number(
        (
          await queryRows<{ n: number }>(
            race.db,
            sql`select count(*)::int as n from ticket_orders where admin_id = ${adminId} and pay_status = 201`,
          )
        )[0]!.n,
      );

    it('20 parallel orders on a balance that covers 3: exactly 3 paid, balance 0, ledger adds up', async () => {
      const d = await distributor(30_000, 0);
      const res = await rush(20, () => buy(d.adminId, 5));
      expect(res.unexpected).toEqual([]);
      expect(res.ok).toBe(3);
      expect(res.conflicts).toBe(17);
      expect(await moneyOf(d.id)).toMatchObject({ balance: 0, creditUsed: 0 });
      expect(await rowsOfKind(d.id, 2)).toBe(3);
      expect(await paidOrders(d.adminId)).toBe(3);
      // (the controls' distributors do not add up: they were written around the ledger)
      expect(await mismatchesOf(d.id)).toEqual([]);
    });

    it('CONTROL: a read-then-write debit of the same balance overspends under the same rush', async () => {
      const d = await distributor(30_000, 0);
      const allRead = barrier(20);
      const res = await rush(20, () =>
        race.db.transaction(async (tx) => {
          const [row] = await queryRows<{ balance: number }>(
            tx,
            sql`select balance from distributors where id = ${d.id}`,
          );
          const balance = Number(row!.balance);
          if (balance < 10_000) throw new AppError(409, 'distributorBalanceInsufficient');
          await allRead(); // every racer has read before any writes: the race always happens
          // the naive write: no guard, no lock
          await tx.execute(sql`update distributors set balance = ${balance - 10_000} where id = ${d.id}`);
        }),
      );
      // more than 3 "paid": they spent money that was not there
      expect(res.ok).toBeGreaterThan(3);
    });

    it('20 parallel orders on credit that covers 3 (limit 350 yuan): exactly 3, the credit used never over the limit', async () => {
      const d = await distributor(0, 35_000);
      const res = await rush(20, () => buy(d.adminId, 8));
      expect(res.unexpected).toEqual([]);
      expect(res.ok).toBe(3);
      expect(res.conflicts).toBe(17);
      expect(await moneyOf(d.id)).toEqual({ balance: 0, creditUsed: 30_000, creditLimit: 35_000 });
      expect(await rowsOfKind(d.id, 4)).toBe(3);
      expect(await paidOrders(d.adminId)).toBe(3);
      // (the controls' distributors do not add up: they were written around the ledger)
      expect(await mismatchesOf(d.id)).toEqual([]);
    });

    it('CONTROL: checking the credit then writing what was read grants more credit than the limit under the same rush', async () => {
      const d = await distributor(0, 35_000);
      const allRead = barrier(20);
      const res = await rush(20, () =>
        race.db.transaction(async (tx) => {
          const [row] = await queryRows<{ credit_used: number; credit_limit: number }>(
            tx,
            sql`select credit_used, credit_limit from distributors where id = ${d.id}`,
          );
          const used = Number(row!.credit_used);
          if (used + 10_000 > Number(row!.credit_limit))
            throw new AppError(409, 'distributorCreditInsufficient');
          await allRead(); // every racer has read before any writes: the race always happens
          await tx.execute(sql`update distributors set credit_used = ${used + 10_000} where id = ${d.id}`);
        }),
      );
      // more than 3 purchases on credit, worth more than the 350 yuan granted
      expect(res.ok).toBeGreaterThan(3);
    });
  },
);
