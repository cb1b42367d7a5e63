import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Db } from '../../db/client.ts';
import { seededRandom } from '../../lib/seeded-random.ts';
import { demoAreas } from '../../test/areas.ts';
import { closeWideApp, openWideApp } from '../../test/concurrency.ts';
import type { TestApp } from '../../test/harness.ts';
import { foldGateOriginRollups, gateOriginMismatches, gateTrafficRollup } from './gate-origin-rollups.ts';
import { foldRollup } from './money-detail-rollups.ts';
import { gateIdsOf, insertGateEvents } from './gate-origin.fixture.ts';

// PGlite has a single connection: real concurrency needs PostgreSQL (npm run test:pg).
describe.skipIf(!process.env.TEST_DATABASE_URL)('the gate rollup under concurrent scans (PostgreSQL)', () => {
  let t: TestApp;
  let wide: Database;
  let db: Db;

  beforeAll(async () => {
    ({ t, wide, db } = await openWideApp(8));
  });
  afterAll(() => closeWideApp(wide, t));

  it('equals the gate log after gates scan at once while two folds run', async () => {
    const { qsh, ylgz } = await demoAreas(db);
    const start = Date.parse('2027-08-01T00:00:00Z');
    let running = true;
    // the job's fold under its lock, and a bare fold beside it (as if a second instance had no lock)
    const folding = [() => foldGateOriginRollups(db), () => foldRollup(db, gateTrafficRollup)].map(
      async (fold) => {
        let folds = 0;
        while (running) {
          await fold();
          folds += 1;
        }
        return folds;
      },
    );
    await Promise.all(
      [1, 2, 3, 4, 5].map(async (seed) => {
        const r = seededRandom(seed);
        const scenicId = seed % 2 ? qsh : ylgz;
        const gates = await gateIdsOf(db, scenicId);
        // one scan per statement, as the gates write them
        for (let i = 0; i < 60; i++)
          await insertGateEvents(db, scenicId, [
            {
              gateId: r.pick(gates),
              direction: r.pick(['entry', 'exit', 'denied'] as const),
              entryType: r.pick([1, 2, 3]),
              at: new Date(start + r.int(0, 6 * 3_600_000)),
            },
          ]);
      }),
    );
    running = false;
    expect((await Promise.all(folding)).reduce((a, b) => a + b, 0)).toBeGreaterThan(1);
    expect(await gateOriginMismatches(db)).toEqual([]);
    await foldGateOriginRollups(db);
    expect(await gateOriginMismatches(db)).toEqual([]);
  });
});
