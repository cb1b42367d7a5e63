import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Db } from '../../db/client.ts';
import { closeWideApp, openWideApp } from '../../test/concurrency.ts';
import type { TestApp } from '../../test/harness.ts';
import { scenicAreas } from '../scenic/index.ts';
import { terminals, type Terminal } from '../terminals/index.ts';
import { recordCounts } from './passenger-cameras.service.ts';
import { cameraSettings, crowdWarnings, passengerCounts } from './passenger-cameras.table.ts';

// PGlite has a single connection: real concurrency needs PostgreSQL (TEST_DATABASE_URL).
describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'crowd warnings under concurrent uploads (PostgreSQL)',
  () => {
    const RACERS = 6;
    let t: TestApp;
    let wide: Database;
    let db: Db;
    let cam: Terminal;

    beforeAll(async () => {
      ({ t, wide, db } = await openWideApp(RACERS + 2));
      const scenicId = (await db.select().from(scenicAreas).where(eq(scenicAreas.code, 'QSH')))[0]!.id;
      const [inserted] = await db
        .insert(terminals)
        .values({ scenicId, kind: 'camera', name: 'race', serialNo: 'CAM-RACE' })
        .returning();
      cam = inserted!;
      await db
        .insert(cameraSettings)
        .values({ terminalId: cam.id, zone: '竞争区', capacity: 1000, threshold: 100, liveCount: 80 });
    });
    afterAll(() => closeWideApp(wide, t));

    it('uploads that each cross the threshold at once raise one warning, and every count is applied', async () => {
      const at = new Date().toISOString();
      const results = await Promise.all(
        Array.from({ length: RACERS }, (_, i) =>
          recordCounts(db, cam, [{ nonce: `race-${i}`, at, in: 30, out: 0 }]),
        ),
      );
      expect(results.filter((r) => r.warned)).toHaveLength(1);
      expect(await db.select().from(crowdWarnings).where(eq(crowdWarnings.terminalId, cam.id))).toHaveLength(
        1,
      );
      const [s] = await db.select().from(cameraSettings).where(eq(cameraSettings.terminalId, cam.id));
      expect(s).toMatchObject({ liveCount: 80 + 30 * RACERS, warned: true });
      // the same batch retried by every racer at once is stored once
      const retried = await Promise.all(
        Array.from({ length: RACERS }, () => recordCounts(db, cam, [{ nonce: 'same', at, in: 1, out: 0 }])),
      );
      expect(retried.reduce((n, r) => n + r.accepted, 0)).toBe(1);
      expect(
        await db.select().from(passengerCounts).where(eq(passengerCounts.terminalId, cam.id)),
      ).toHaveLength(RACERS + 1);
    });
  },
);
