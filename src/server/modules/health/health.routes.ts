import type { FastifyInstance } from 'fastify';
import { PUBLIC } from '../../http/access.ts';

export async function healthRoutes(app: FastifyInstance) {
  app.get(
    '/healthz',
    { config: { access: PUBLIC }, schema: { tags: ['health'], summary: 'The process is alive' } },
    async () => ({ status: 'ok' }),
  );
  app.get(
    '/readyz',
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
