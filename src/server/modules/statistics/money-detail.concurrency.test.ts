import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { seededRandom } from '../../lib/seeded-random.ts';
import { closeWideApp, openWideApp } from '../../test/concurrency.ts';
import type { TestApp } from '../../test/harness.ts';
import {
  foldMoneyDetailRollups,
  moneyTotalsRollup,
  rollupMismatches,
  ticketTotalsRollup,
} from './money-detail-rollups.ts';
import { SalesWorkload } from './sales-rollup.fixture.ts';

/**
 * What rolls a racer's transaction back whole, so nothing is counted: a deadlock, a serialization
 * failure, or a payment for an order another racer has just deleted (and a delete of an order that
 * has a payment now).
 */
const RETRYABLE = new Set(['40P01', '40001', '23503']);
const retryable = (e: unknown) => {
  const err = e as { code?: string; cause?: { code?: string } };
  return RETRYABLE.has(err.code ?? err.cause?.code ?? '');
};

// PGlite has a single connection: real concurrency needs PostgreSQL (npm run test:pg).
describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'ticket and money rollups under concurrent orders, payments, entries and refunds (PostgreSQL)',
  () => {
    let t: TestApp;
    let wide: Database;
    let db: Db;

    beforeAll(async () => {
      ({ t, wide, db } = await openWideApp(10));
    });
    afterAll(() => closeWideApp(wide, t));

    /** A payment or a refund of one of `orders`, and the moves of payments and refunds. */
    async function moneyStep(r: ReturnType<typeof seededRandom>, orders: number[]) {
      const step = r.pick(['pay', 'refund', 'done', 'confirm'] as const);
      await db.transaction(async (tx) => {
        if (step === 'pay')
          await tx.execute(sql`insert into payments (order_id, scenic_id, pay_way, provider, amount, status, confirmed_at)
            values (${r.pick(orders)}, 1, ${r.pick([1, 2, 3])}, 'offline', ${r.int(1, 20) * 100}, ${r.pick(['pending', 'confirmed'])}, now())`);
        else if (step === 'confirm')
          await tx.execute(sql`update payments set status = 'confirmed' where id = (select id from payments
            where scenic_id = 1 and status = 'pending' order by random() limit 1)`);
        else if (step === 'refund')
          await tx.execute(sql`insert into refunds (scenic_id, order_id, payment_id, amount, status)
            select 1, order_id, id, least(amount, 100), 'created' from payments
            where scenic_id = 1 and status = 'confirmed' order by random() limit 1`);
        else
          await tx.execute(sql`update refunds set status = 'done', done_at = now() where id = (select id from refunds
            where scenic_id = 1 and status = 'created' order by random() limit 1)`);
      });
    }

    it('equal the facts after racing workers, folded while they run', async () => {
      const orders: number[] = [];
      const first = await SalesWorkload.open(db, 1, 11, orders);
      for (let i = 0; i < 20; i++) await db.transaction((tx) => first.place(tx));
      const workers = await Promise.all(
        Array.from({ length: 6 }, (_, i) => SalesWorkload.open(db, 1, 100 + i, orders)),
      );
      let failed = 0;
      let done = 0;
      const run = async (step: () => Promise<unknown>) => {
        for (let i = 0; i < 40; i++) {
          try {
            await step();
            done++;
          } catch (e) {
            if (!retryable(e)) throw e;
            failed++;
          }
        }
      };
      const money = Array.from({ length: 3 }, (_, i) => seededRandom(500 + i));
      await Promise.all([
        ...workers.map((w) => run(() => w.step(db))),
        ...money.map((r) => run(() => moneyStep(r, orders))),
        run(() => foldMoneyDetailRollups(db)),
      ]);
      expect(done).toBeGreaterThan(300);
      expect(failed).toBeLessThan(done / 10);
      const [payments] = await queryRows<{ n: number }>(
        db,
        sql`select count(*)::int as n from payments where scenic_id = 1 and status = 'confirmed'`,
      );
      expect(payments!.n).toBeGreaterThan(10);
      expect(await rollupMismatches(db, ticketTotalsRollup, 1)).toEqual([]);
      expect(await rollupMismatches(db, moneyTotalsRollup, 1)).toEqual([]);
      await foldMoneyDetailRollups(db);
      expect(await rollupMismatches(db, ticketTotalsRollup, 1)).toEqual([]);
      expect(await rollupMismatches(db, moneyTotalsRollup, 1)).toEqual([]);
    });
  },
);
