import type { FastifyInstance } from 'fastify';
import { healthApi } from '../../../shared/api/health.ts';
import { PUBLIC } from '../../http/access.ts';
import { AppError, forbidden } from '../../http/errors.ts';
import { isLocalCaller } from '../../http/local-only.ts';

/**
 * `GET /backup`: the embedded database's whole data directory as a gzip tarball, taken by the
 * running server between two statements (PGlite answers one statement at a time), so it is a
 * consistent copy and the server keeps running. For `npm run backup` on this machine only; on
 * PostgreSQL 409 (pg_dump is the tool). docs/operations.md "Backups".
 */
export async function backupRoutes(app: FastifyInstance) {
  // hand-registered: an operations download, not the JSON envelope
  app.get(
    healthApi.backup,
    {
      config: { access: PUBLIC },
      schema: {
        tags: ['health'],
        summary: 'The embedded database as a .tar.gz (from this machine only; 409 on PostgreSQL)',
      },
    },
    async (req, reply) => {
      if (!isLocalCaller(req)) throw forbidden();
      const { database } = app.ctx;
      if (!database.dumpDataDir) throw new AppError(409, 'backupNotEmbedded');
      const tarball = Buffer.from(await (await database.dumpDataDir('gzip')).arrayBuffer());
      return reply
        .header('content-type', 'application/gzip')
        .header('content-disposition', 'attachment; filename="pgdata.tar.gz"')
        .send(tarball);
    },
  );
}
