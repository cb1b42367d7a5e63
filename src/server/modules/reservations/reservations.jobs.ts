import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { expireBookings } from './reservations.service.ts';

/** How often unattended bookings are expired. */
export const RESERVATION_JOB_INTERVAL_MS = 60_000;
/** Advisory lock key of this job: one instance works at a time (the others skip the pass). */
const RESERVATION_JOB_LOCK = 60_071;

/**
 * One pass: bookings still booked (0) after their session ended on the area's clock become
 * expired (3), by compare-and-set, under `pg_try_advisory_xact_lock`. Null when another instance
 * holds the lock.
 */
export async function runReservationJobs(db: Db, now = new Date()): Promise<{ expired: number } | null> {
  return db.transaction(async (tx) => {
    const [lock] = rowsOf<{ locked: boolean }>(
      await tx.execute(sql`select pg_try_advisory_xact_lock(${RESERVATION_JOB_LOCK}) as locked`),
    );
    if (!lock?.locked) return null;
    return { expired: await expireBookings(tx, now) };
  });
}

/** Starts the periodic runner; the returned function stops it (and waits for a running pass). */
export function startReservationJobs(
  db: Db,
  log: FastifyBaseLogger,
  intervalMs = RESERVATION_JOB_INTERVAL_MS,
) {
  let running: Promise<void> | null = null;
  const tick = () => {
    if (running) return;
    running = runReservationJobs(db)
      .then((result) => {
        if (result?.expired) log.info({ reservationJobs: result }, 'reservation jobs');
      })
      .catch((error: unknown) => log.error({ err: error }, 'reservation jobs failed'))
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
