import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { JOB_LOCKS, runLocked, startPeriodic } from '../../lib/periodic-job.ts';
import { notifyRedemptions } from './ota.service.ts';

export const OTA_JOB_INTERVAL_MS = 60_000;

/** One pass, one instance at a time: used tickets of OTA orders are notified to their platform once. */
export function runOtaJobs(db: Db, now = new Date()) {
  return runLocked(db, JOB_LOCKS.ota, async (tx) => ({ notified: await notifyRedemptions(tx, now) }));
}

export function startOtaJobs(db: Db, log: FastifyBaseLogger, intervalMs = OTA_JOB_INTERVAL_MS) {
  return startPeriodic(log, {
    name: 'otaJobs',
    intervalMs,
    run: () => runOtaJobs(db),
    worthLogging: (r) => r.notified > 0,
  });
}
