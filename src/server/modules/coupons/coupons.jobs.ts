import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { JOB_LOCKS, runLocked, startPeriodic } from '../../lib/periodic-job.ts';
import { expireMemberCoupons } from './coupons.service.ts';

/** How often unused coupons past their end are marked expired. */
export const COUPON_JOB_INTERVAL_MS = 60_000;

/**
 * One pass: unused member coupons past `valid_until` that no order holds become expired (101 → 301,
 * compare-and-set), one instance at a time. Null when another instance holds the lock. A coupon
 * past its end is refused by quoteCoupon whether or not this pass has run yet.
 */
export async function runCouponJobs(db: Db, now = new Date()): Promise<{ expired: number } | null> {
  return runLocked(db, JOB_LOCKS.coupons, async (tx) => ({ expired: await expireMemberCoupons(tx, now) }));
}

/** Starts the periodic runner; the returned function stops it (and waits for a running pass). */
export function startCouponJobs(db: Db, log: FastifyBaseLogger, intervalMs = COUPON_JOB_INTERVAL_MS) {
  return startPeriodic(log, {
    name: 'couponJobs',
    intervalMs,
    run: () => runCouponJobs(db),
    worthLogging: (r) => r.expired > 0,
  });
}
