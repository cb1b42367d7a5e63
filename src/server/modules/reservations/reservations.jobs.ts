import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { JOB_LOCKS, runLocked, startPeriodic } from '../../lib/periodic-job.ts';
import { expireBookings } from './reservations.service.ts';

/** How often unattended bookings are expired. */
export const RESERVATION_JOB_INTERVAL_MS = 60_000;

/**
 * One pass: bookings still booked (0) after their session ended on the area's clock become
 * expired (3), by compare-and-set, one instance at a time. Null when another instance holds the lock.
 */
export async function runReservationJobs(db: Db, now = new Date()): Promise<{ expired: number } | null> {
  return runLocked(db, JOB_LOCKS.reservations, async (tx) => ({ expired: await expireBookings(tx, now) }));
}

/** Starts the periodic runner; the returned function stops it (and waits for a running pass). */
export function startReservationJobs(
  db: Db,
  log: FastifyBaseLogger,
  intervalMs = RESERVATION_JOB_INTERVAL_MS,
) {
  return startPeriodic(log, {
    name: 'reservationJobs',
    intervalMs,
    run: () => runReservationJobs(db),
    worthLogging: (r) => r.expired > 0,
  });
}
