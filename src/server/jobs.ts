import type { FastifyInstance } from 'fastify';
import { SERVER_MODULES } from './modules.ts';

/** Starts the modules' jobs when the server is ready and stops them (waiting for a running pass) on close. */
export function registerJobs(app: FastifyInstance): void {
  if (!app.ctx.config.jobs) return;
  const unknown = app.ctx.config.jobModules?.filter((name) => !SERVER_MODULES.some((m) => m.name === name));
  if (unknown?.length) throw new Error(`JOBS names no module: ${unknown.join(', ')}`);
  let stops: (() => Promise<void>)[] = [];
  app.addHook('onReady', async () => {
    const only = app.ctx.config.jobModules;
    stops = SERVER_MODULES.filter((module) => !only || only.includes(module.name))
      .flatMap((module) => module.jobs ?? [])
      .map((start) => start(app));
  });
  app.addHook('onClose', async () => {
    await Promise.all(stops.map((stop) => stop()));
  });
}
