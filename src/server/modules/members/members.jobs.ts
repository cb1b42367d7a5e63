import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { closeStaleRecharges } from './recharge.service.ts';

/** How often unpaid top-ups are closed. */
export const MEMBER_JOB_INTERVAL_MS = 60_000;
/** Advisory lock key of this job: one instance works at a time (the others skip the pass). */
const MEMBER_JOB_LOCK = 60_161;

/** One pass under `pg_try_advisory_xact_lock`; null when another instance holds the lock. */
export async function runMemberJobs(db: Db, now = new Date()): Promise<{ closed: number } | null> {
  return db.transaction(async (tx) => {
    const [lock] = rowsOf<{ locked: boolean }>(
      await tx.execute(sql`select pg_try_advisory_xact_lock(${MEMBER_JOB_LOCK}) as locked`),
    );
    if (!lock?.locked) return null;
    return { closed: await closeStaleRecharges(tx, now) };
  });
}

/** Starts the periodic runner; the returned function stops it (and waits for a running pass). */
export function startMemberJobs(db: Db, log: FastifyBaseLogger, intervalMs = MEMBER_JOB_INTERVAL_MS) {
  let running: Promise<void> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = runMemberJobs(db)
      .then((result) => {
        if (result?.closed) log.info({ memberJobs: result }, 'member jobs');
      })
      .catch((error: unknown) => log.error({ err: error }, 'member jobs failed'))
      .finally(() => {
        running = null;
      });
  }, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
