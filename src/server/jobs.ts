import type { FastifyInstance } from 'fastify';
import { startOrderJobs } from './modules/orders/jobs.ts';

/** A background job of a module: starts its periodic runner and returns how to stop it. */
type StartJob = (app: FastifyInstance) => () => Promise<void>;

/** Every module's background jobs; each runs under an advisory lock, safe on several instances. */
const JOBS: StartJob[] = [(app) => startOrderJobs(app.ctx.db, app.log)];

/** Starts the jobs when the server is ready and stops them (waiting for a running pass) on close. */
export function registerJobs(app: FastifyInstance): void {
  if (!app.ctx.config.jobs) return;
  let stops: (() => Promise<void>)[] = [];
  app.addHook('onReady', async () => {
    stops = JOBS.map((start) => start(app));
  });
  app.addHook('onClose', async () => {
    await Promise.all(stops.map((stop) => stop()));
  });
}
