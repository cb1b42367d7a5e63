import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Db } from '../../db/client.ts';
import { closeWideApp, openWideApp } from '../../test/concurrency.ts';
import type { TestApp } from '../../test/harness.ts';
import { SalesWorkload } from './sales-rollup.fixture.ts';
import { foldSalesRollups, salesRollupMismatches } from './sales-rollup.ts';

// PGlite has a single connection: real concurrency needs PostgreSQL (npm run test:pg).
describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'the sales rollups under concurrent sales (PostgreSQL)',
  () => {
    let t: TestApp;
    let wide: Database;
    let db: Db;

    beforeAll(async () => {
      ({ t, wide, db } = await openWideApp(8));
    });
    afterAll(() => closeWideApp(wide, t));

    it('equal the facts after workers race over the same orders while the fold runs', async () => {
      const orders: number[] = [];
      const workers = await Promise.all(
        [1, 2, 3, 4, 5].map((seed) => SalesWorkload.open(db, 1, seed, orders)),
      );
      let running = true;
      let folds = 0;
      const fold = (async () => {
        while (running) {
          await foldSalesRollups(db);
          folds++;
        }
      })();
      await Promise.all(
        workers.map(async (w) => {
          for (let i = 0; i < 120; i++) await w.step(db);
        }),
      );
      running = false;
      await fold;
      const done = workers.reduce((s, w) => s + w.done.refund + w.done.pay + w.done.cancel, 0);
      expect(done).toBeGreaterThan(50);
      expect(folds).toBeGreaterThan(1);
      expect(await salesRollupMismatches(db)).toEqual([]);
      await foldSalesRollups(db);
      expect(await salesRollupMismatches(db)).toEqual([]);
    });
  },
);
