import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import { jobRuns } from './metrics.ts';

/**
 * The advisory lock key of each module's periodic job, in one place so no two jobs share one (a
 * shared key would make one job skip its pass whenever the other runs). The server's other advisory
 * locks use other keys or the two-argument form.
 */
export const JOB_LOCKS = {
  orders: 60_061,
  reservations: 60_071,
  members: 60_161,
  coupons: 60_171,
  ota: 60_181,
  terminals: 60_191,
  cards: 60_201,
  statistics: 60_211,
  statisticsGates: 60_231,
  statisticsMoney: 60_221,
} as const;

/**
 * One pass of a job: `pass` in one transaction under `pg_try_advisory_xact_lock(lock)`, so with
 * several instances one works and the others skip. Null when another instance holds the lock.
 */
export async function runLocked<T>(db: Db, lock: number, pass: (tx: Db) => Promise<T>): Promise<T | null> {
  return db.transaction(async (tx) => {
    const [row] = rowsOf<{ locked: boolean }>(
      await tx.execute(sql`select pg_try_advisory_xact_lock(${lock}) as locked`),
    );
    if (!row?.locked) return null;
    return pass(tx);
  });
}

/**
 * Starts a periodic runner of `run` (a pass never overlaps the previous one): a pass that did
 * something (`worthLogging`) is logged as `name`, a failure logged and retried at the next tick. The
 * returned function stops it and waits for a running pass.
 */
export function startPeriodic<T>(
  log: FastifyBaseLogger,
  job: {
    name: string;
    intervalMs: number;
    run: () => Promise<T | null>;
    worthLogging: (result: T) => boolean;
  },
): () => Promise<void> {
  let running: Promise<void> | null = null;
  const tick = () => {
    if (running) return;
    running = job
      .run()
      .then((result) => {
        // a pass done here, or skipped because another instance held the lock: either way on time
        jobRuns.set(job.name, { lastEnd: Date.now(), intervalMs: job.intervalMs });
        if (result != null && job.worthLogging(result)) log.info({ [job.name]: result }, job.name);
      })
      .catch((error: unknown) => log.error({ err: error }, `${job.name} failed`))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, job.intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
