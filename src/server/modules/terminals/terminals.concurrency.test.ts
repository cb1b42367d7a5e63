import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Db } from '../../db/client.ts';
import { closeWideApp, openWideApp } from '../../test/concurrency.ts';
import type { TestApp } from '../../test/harness.ts';
import { scenicAreas } from '../scenic/index.ts';
import { runTerminalJobs } from './terminals.jobs.ts';
import { markStaleTerminalsOffline } from './terminals.service.ts';
import { terminalEvents, terminals } from './terminals.table.ts';

// PGlite has a single connection: real concurrency needs PostgreSQL (TEST_DATABASE_URL).
describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'terminal offline job on several instances (PostgreSQL)',
  () => {
    const COUNT = 40;
    let t: TestApp;
    let wide: Database;
    let db: Db;
    let scenicId = 0;

    beforeAll(async () => {
      ({ t, wide, db } = await openWideApp(10));
      scenicId = (await db.select().from(scenicAreas).where(eq(scenicAreas.code, 'QSH')))[0]!.id;
    });
    afterAll(() => closeWideApp(wide, t));

    async function staleTerminals(prefix: string): Promise<number[]> {
      const rows = await db
        .insert(terminals)
        .values(
          Array.from({ length: COUNT }, (_, i) => ({
            scenicId,
            kind: 'gateDevice',
            name: `${prefix}${i}`,
            serialNo: `${prefix}-${i}`,
            online: 2,
            lastSeenAt: sql`now() - interval '10 minutes'`,
          })),
        )
        .returning({ id: terminals.id });
      return rows.map((r) => r.id);
    }

    const offlineEvents = async (ids: number[]) =>
      (
        await db
          .select({ id: terminalEvents.terminalId })
          .from(terminalEvents)
          .where(inArray(terminalEvents.terminalId, ids))
      ).length;

    it('two job passes at once mark each terminal offline once', async () => {
      const ids = await staleTerminals('JOB');
      const passes = await Promise.all([runTerminalJobs(db), runTerminalJobs(db), runTerminalJobs(db)]);
      const done = passes.reduce((n, p) => n + (p?.offline ?? 0), 0);
      expect(done).toBeGreaterThanOrEqual(COUNT);
      const rows = await db.select().from(terminals).where(inArray(terminals.id, ids));
      expect(rows.every((r) => r.online === 0)).toBe(true);
      expect(await offlineEvents(ids)).toBe(COUNT);
    });

    it('the claim itself holds without the advisory lock: one event per terminal', async () => {
      const ids = await staleTerminals('RAW');
      const counts = await Promise.all(
        Array.from({ length: 4 }, () => db.transaction((tx) => markStaleTerminalsOffline(tx))),
      );
      expect(counts.reduce((a, b) => a + b, 0)).toBe(COUNT);
      expect(await offlineEvents(ids)).toBe(COUNT);
    });
  },
);
