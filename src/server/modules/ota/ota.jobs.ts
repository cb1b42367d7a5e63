import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { startPeriodic } from '../../lib/periodic-job.ts';
import { notifyRedemptions } from './ota-redemptions.service.ts';

export const OTA_JOB_INTERVAL_MS = 60_000;

/**
 * One pass: used tickets of OTA orders are notified to their platform once. No advisory lock and no
 * transaction around it: the platform's HTTP call must not hold a connection or a lock, so each
 * notice is claimed (committed) before it is sent; several instances share the work
 * (notifyRedemptions).
 */
export async function runOtaJobs(db: Db, now = new Date()) {
  return { notified: await notifyRedemptions(db, now) };
}

export function startOtaJobs(db: Db, log: FastifyBaseLogger, intervalMs = OTA_JOB_INTERVAL_MS) {
  return startPeriodic(log, {
    name: 'otaJobs',
    intervalMs,
    run: () => runOtaJobs(db),
    worthLogging: (r) => r.notified > 0,
  });
}
