import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { AppError } from '../../http/errors.ts';
import { rush, closeWideApp, openWideApp } from '../../test/concurrency.ts';
import type { TestApp } from '../../test/harness.ts';
import { recordTopUp, reviewTopUp } from './distribution.service.ts';
import { createDistributor, distributorLedgerMismatches, topUpDistributor } from './index.ts';

// PGlite has a single connection: real concurrency needs PostgreSQL (npm run test:pg).
describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'top-up review under concurrent reviewers (PostgreSQL)',
  () => {
    let t: TestApp;
    let wide: Database;
    let db: Db;
    let scenicId: number;
    let seq = 0;

    beforeAll(async () => {
      ({ t, wide, db } = await openWideApp(12));
      const [area] = await queryRows<{ id: number }>(db, sql`select id from scenic_areas where code = 'QSH'`);
      scenicId = Number(area!.id);
    });
    afterAll(() => closeWideApp(wide, t));

    /** A distributor applying (no login needed) with one pending top-up of 500 yuan. */
    async function pending() {
      return db.transaction(async (tx) => {
        const { id: distributorId } = await createDistributor(tx, {
          scenicId,
          company: `并发充值社 ${++seq}`,
          state: 4,
        });
        const topUp = await recordTopUp(tx, {
          scenicId,
          distributorId,
          amount: 50_000,
          bankRef: `RACE-${seq}`,
          transferDate: '2025-03-01',
          voucher: '',
          remark: '',
          adminId: null,
        });
        return { distributorId, topUpId: topUp.id, topUpNo: topUp.topUpNo };
      });
    }
    const balanceOf = async (id: number) =>
      Number(
        (await queryRows<{ b: number }>(db, sql`select balance as b from distributors where id = ${id}`))[0]!
          .b,
      );
    const topUpRows = async (reference: string) =>
      Number(
        (
          await queryRows<{ n: number }>(
            db,
            sql`select count(*)::int as n from distributor_ledger where reference = ${reference} and kind = 1`,
          )
        )[0]!.n,
      );

    it('two reviewers confirming one top-up at once credit it once; the other gets 409', async () => {
      const p = await pending();
      const res = await rush(2, () =>
        db.transaction((tx) =>
          reviewTopUp(tx, { scenicId, id: p.topUpId, move: 'confirm', reviewer: null, remark: '' }),
        ),
      );
      expect(res.unexpected).toEqual([]);
      expect(res.ok).toBe(1);
      expect(res.conflicts).toBe(1);
      expect(await balanceOf(p.distributorId)).toBe(50_000);
      expect(await topUpRows(p.topUpNo)).toBe(1);
      const mismatches = await distributorLedgerMismatches(db, scenicId);
      expect(mismatches.filter((m) => m.distributorId === p.distributorId)).toEqual([]);
    });

    it('ten reviewers at once, confirming and rejecting: exactly one wins', async () => {
      const p = await pending();
      const res = await rush(10, (i) =>
        db.transaction((tx) =>
          reviewTopUp(tx, {
            scenicId,
            id: p.topUpId,
            move: i % 2 ? 'reject' : 'confirm',
            reviewer: null,
            remark: '',
          }),
        ),
      );
      expect(res.unexpected).toEqual([]);
      expect(res.ok).toBe(1);
      const [state] = await queryRows<{ state: number }>(
        db,
        sql`select state from distributor_top_ups where id = ${p.topUpId}`,
      );
      expect(await balanceOf(p.distributorId)).toBe(Number(state!.state) === 2 ? 50_000 : 0);
    });

    it('CONTROL: reading the state, then confirming without the compare-and-set, credits it twice', async () => {
      const p = await pending();
      const res = await rush(2, () =>
        db.transaction(async (tx) => {
          const [row] = await queryRows<{ state: number }>(
            tx,
            sql`select state from distributor_top_ups where id = ${p.topUpId}`,
          );
          if (Number(row!.state) !== 1) throw new AppError(409, 'distributorTopUpReviewed');
          await new Promise((r) => setTimeout(r, 20));
          await tx.execute(sql`update distributor_top_ups set state = 2 where id = ${p.topUpId}`);
          await topUpDistributor(tx, {
            scenicId,
            distributorId: p.distributorId,
            amount: 50_000,
            reference: p.topUpNo,
          });
        }),
      );
      expect(res.ok).toBe(2);
      expect(await balanceOf(p.distributorId)).toBe(100_000);
      expect(await topUpRows(p.topUpNo)).toBe(2);
    });
  },
);
