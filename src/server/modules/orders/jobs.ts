import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { JOB_LOCKS, runLocked, startPeriodic } from '../../lib/periodic-job.ts';
import { compactOrderTotals } from './order-totals.ts';
import { expireTickets, expireUnpaidOrders } from './orders.service.ts';
import { paymentsInFlight } from './providers/index.ts';

/** How often the order jobs run. */
export const ORDER_JOB_INTERVAL_MS = 30_000;

/**
 * One run of the order jobs (T5 for unpaid orders past their deadline, once the providers
 * have settled what was paid in time; T24/T14/T13 at validity end; the daily order totals folded), one instance at a time: when another instance is running
 * them, this one skips. Returns null when skipped.
 */
export async function runOrderJobs(db: Db, now = new Date()) {
  // T5 asks the providers first, outside the pass's transaction (they may call out)
  const inFlight = await paymentsInFlight(db, now);
  return runLocked(db, JOB_LOCKS.orders, async (tx) => {
    const cancelled = await expireUnpaidOrders(tx, now, undefined, inFlight);
    const tickets = await expireTickets(tx, now);
    await compactOrderTotals(tx);
    return { cancelled, ...tickets };
  });
}

/** Starts the periodic runner; the returned function stops it (and waits for a running pass). */
export function startOrderJobs(db: Db, log: FastifyBaseLogger, intervalMs = ORDER_JOB_INTERVAL_MS) {
  return startPeriodic(log, {
    name: 'orderJobs',
    intervalMs,
    run: () => runOrderJobs(db),
    worthLogging: (r) => !!(r.cancelled || r.expired || r.used || r.closed),
  });
}
