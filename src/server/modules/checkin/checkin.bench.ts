import type { Db } from '../../db/client.ts';
import { areaInstant, areaTimeZone } from '../../lib/area-clock.ts';
import { gates } from '../gates/gates.table.ts';
import { and, eq } from 'drizzle-orm';
import { checkIn } from './checkin.service.ts';
import { createTestProduct, createTestTicket } from './checkin.fixture.ts';

/**
 * Check-in throughput for `npm run bench`: seeds `n` single-entry tickets in the area and scans
 * each once at its first entry gate, `concurrency` scans at a time; answers scans per second.
 */
export async function benchCheckin(
  db: Db,
  scenicId: number,
  options: {
    n: number;
    concurrency?: number;
    visitDate?: string;
    /** CPU milliseconds the database's processes have used so far, when it runs on this machine */
    pgCpu?: () => number;
  },
): Promise<{
  n: number;
  ms: number;
  perSecond: number;
  allowed: number;
  nodeCpuMs: number;
  dbCpuMs: number | null;
}> {
  const visitDate = options.visitDate ?? '2030-06-01';
  const timeZone = await areaTimeZone(db, scenicId);
  const [gate] = await db
    .select()
    .from(gates)
    .where(and(eq(gates.scenicId, scenicId), eq(gates.gateType, 10), eq(gates.status, 1)))
    .orderBy(gates.id);
  if (!gate) throw new Error(`no enabled entry gate in area ${scenicId}`);
  const product = await createTestProduct(db, scenicId, { entryMode: 1, name: 'bench' });
  const codes: string[] = [];
  for (let i = 0; i < options.n; i++)
    codes.push((await createTestTicket(db, { scenicId, productId: product.id, visitDate, timeZone })).code!);
  const concurrency = options.concurrency ?? 8;
  const scannedAt = areaInstant(visitDate, '10:00', timeZone);
  let next = 0;
  let allowed = 0;
  const start = performance.now();
  const cpu = process.cpuUsage();
  const pgStart = options.pgCpu?.() ?? 0;
  await Promise.all(
    Array.from({ length: concurrency }, async (_, worker) => {
      while (next < codes.length) {
        const i = next++;
        const answer = await checkIn(db, {
          scenicId,
          gateId: gate.id,
          deviceId: `bench-${worker}`,
          nonce: `b${start.toFixed(0)}-${i}`,
          readMode: 1,
          value: codes[i]!,
          scannedAt,
        });
        if (answer.allowed) allowed++;
      }
    }),
  );
  const ms = performance.now() - start;
  const used = process.cpuUsage(cpu);
  return {
    n: codes.length,
    ms,
    perSecond: (codes.length / ms) * 1000,
    allowed,
    nodeCpuMs: (used.user + used.system) / 1000,
    dbCpuMs: options.pgCpu ? options.pgCpu() - pgStart : null,
  };
}
