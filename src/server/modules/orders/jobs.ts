import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { compactOrderTotals } from './order-totals.ts';
import { expireTickets, expireUnpaidOrders } from './orders.service.ts';
import { rowsOf } from '../../db/rows.ts';

/** How often the order jobs run. */
export const ORDER_JOB_INTERVAL_MS = 30_000;
/** Advisory lock key of the order jobs: one instance works at a time. */
const ORDER_JOB_LOCK = 60_061;

/**
 * One run of the order jobs (T5 for unpaid orders past their deadline; T24/T14/T13 at validity
 * end; the daily order totals folded), under `pg_try_advisory_xact_lock`: when another instance is running them, this one skips.
 * Returns null when skipped.
 */
export async function runOrderJobs(db: Db, now = new Date()) {
  return db.transaction(async (tx) => {
    const [lock] = rowsOf<{ locked: boolean }>(
      await tx.execute(sql`select pg_try_advisory_xact_lock(${ORDER_JOB_LOCK}) as locked`),
    );
    if (!lock?.locked) return null;
    const cancelled = await expireUnpaidOrders(tx, now);
    const tickets = await expireTickets(tx, now);
    await compactOrderTotals(tx);
    return { cancelled, ...tickets };
  });
}

/** Starts the periodic runner; the returned function stops it (and waits for a running pass). */
export function startOrderJobs(db: Db, log: FastifyBaseLogger, intervalMs = ORDER_JOB_INTERVAL_MS) {
  let running: Promise<void> | null = null;
  const tick = () => {
    if (running) return;
    running = runOrderJobs(db)
      .then((result) => {
        if (result && (result.cancelled || result.expired || result.used || result.closed))
          log.info({ orderJobs: result }, 'order jobs');
      })
      .catch((error: unknown) => log.error({ err: error }, 'order jobs failed'))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
