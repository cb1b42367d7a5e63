import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { startPeriodic } from '../../lib/periodic-job.ts';
import { targetsInFlight } from '../payments/index.ts';

/** How often top-up payments past their deadline are asked about. */
export const TOPUP_JOB_INTERVAL_MS = 60_000;

/**
 * One pass: each online payment of a top-up past its deadline is asked of its provider (claimed, so
 * several instances ask once): paid → credited as paid at its own time; still open → closed at the
 * provider, so nothing is paid later. The top-up itself is closed by the members job; a payment that
 * arrives after that is still credited (docs/decisions.md "Stored value").
 */
export async function runTopUpJobs(db: Db, now = new Date()): Promise<{ inFlight: number }> {
  return { inFlight: (await targetsInFlight(db, 'topup', now)).size };
}

/** Starts the periodic runner; the returned function stops it (and waits for a running pass). */
export function startTopUpJobs(db: Db, log: FastifyBaseLogger, intervalMs = TOPUP_JOB_INTERVAL_MS) {
  return startPeriodic(log, {
    name: 'topUpJobs',
    intervalMs,
    run: () => runTopUpJobs(db),
    worthLogging: (r) => r.inFlight > 0,
  });
}
