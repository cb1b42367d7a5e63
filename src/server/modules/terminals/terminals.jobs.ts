import type { FastifyBaseLogger } from 'fastify';
import { TERMINAL_HEARTBEAT_SECONDS } from '../../../shared/dict/terminal.ts';
import type { Db } from '../../db/client.ts';
import { JOB_LOCKS, runLocked, startPeriodic } from '../../lib/periodic-job.ts';
import { markStaleTerminalsOffline } from './terminals.service.ts';

/** How often stale terminals are looked for: every heartbeat interval. */
export const TERMINAL_JOB_INTERVAL_MS = TERMINAL_HEARTBEAT_SECONDS * 1000;

/**
 * One pass: online terminals past the heartbeat timeout become offline (one event each), one
 * instance at a time; null when another instance holds the lock. The update claims each row
 * itself too (markStaleTerminalsOffline), so even two passes at once log a change once.
 */
export async function runTerminalJobs(db: Db, now = new Date()): Promise<{ offline: number } | null> {
  return runLocked(db, JOB_LOCKS.terminals, async (tx) => ({
    offline: await markStaleTerminalsOffline(tx, now),
  }));
}

export function startTerminalJobs(db: Db, log: FastifyBaseLogger, intervalMs = TERMINAL_JOB_INTERVAL_MS) {
  return startPeriodic(log, {
    name: 'terminalJobs',
    intervalMs,
    run: () => runTerminalJobs(db),
    worthLogging: (r) => r.offline > 0,
  });
}
