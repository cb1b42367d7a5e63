import type { FastifyInstance } from 'fastify';
import { healthApi } from '../../../shared/api/health.ts';
import { PUBLIC } from '../../http/access.ts';

// hand-registered (file): the probes, without login

export async function healthRoutes(app: FastifyInstance) {
  app.get(
    healthApi.healthz,
    { config: { access: PUBLIC }, schema: { tags: ['health'], summary: 'The process is alive' } },
    async () => ({ status: 'ok' }),
  );
  app.get(
    healthApi.readyz,
    { config: { access: PUBLIC }, schema: { tags: ['health'], summary: 'The database answers' } },
    async (_req, reply) => {
      try {
        await app.ctx.database.ping();
        return { status: 'ready', database: app.ctx.database.kind };
      } catch {
        return reply.status(503).send({ status: 'unavailable', database: app.ctx.database.kind });
      }
    },
  );
}
