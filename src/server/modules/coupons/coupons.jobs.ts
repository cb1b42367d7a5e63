import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { expireMemberCoupons } from './coupons.service.ts';

/** How often unused coupons past their end are marked expired. */
export const COUPON_JOB_INTERVAL_MS = 60_000;
/** Advisory lock key of this job: one instance works at a time (the others skip the pass). */
const COUPON_JOB_LOCK = 60_161;

/**
 * One pass: unused member coupons past `valid_until` that no order holds become expired (101 → 301,
 * compare-and-set), under `pg_try_advisory_xact_lock`. Null when another instance holds the lock.
 * A coupon past its end is refused by quoteCoupon whether or not this pass has run yet.
 */
export async function runCouponJobs(db: Db, now = new Date()): Promise<{ expired: number } | null> {
  return db.transaction(async (tx) => {
    const [lock] = rowsOf<{ locked: boolean }>(
      await tx.execute(sql`select pg_try_advisory_xact_lock(${COUPON_JOB_LOCK}) as locked`),
    );
    if (!lock?.locked) return null;
    return { expired: await expireMemberCoupons(tx, now) };
  });
}

/** Starts the periodic runner; the returned function stops it (and waits for a running pass). */
export function startCouponJobs(db: Db, log: FastifyBaseLogger, intervalMs = COUPON_JOB_INTERVAL_MS) {
  let running: Promise<void> | null = null;
  const tick = () => {
    if (running) return;
    running = runCouponJobs(db)
      .then((result) => {
        if (result?.expired) log.info({ couponJobs: result }, 'coupon jobs');
      })
      .catch((error: unknown) => log.error({ err: error }, 'coupon jobs failed'))
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
