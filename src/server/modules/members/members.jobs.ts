import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { JOB_LOCKS, runLocked, startPeriodic } from '../../lib/periodic-job.ts';
import { closeStaleRecharges } from './recharge.service.ts';

/** How often unpaid top-ups are closed. */
export const MEMBER_JOB_INTERVAL_MS = 60_000;

/** One pass, one instance at a time: unpaid top-ups past their deadline are closed (101 → 103). */
export async function runMemberJobs(db: Db, now = new Date()): Promise<{ closed: number } | null> {
  return runLocked(db, JOB_LOCKS.members, async (tx) => ({ closed: await closeStaleRecharges(tx, now) }));
}

/** Starts the periodic runner; the returned function stops it (and waits for a running pass). */
export function startMemberJobs(db: Db, log: FastifyBaseLogger, intervalMs = MEMBER_JOB_INTERVAL_MS) {
  return startPeriodic(log, {
    name: 'memberJobs',
    intervalMs,
    run: () => runMemberJobs(db),
    worthLogging: (r) => r.closed > 0,
  });
}
