import type { SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { envelopeSchema, pageResultSchema } from '../../../shared/api/common.ts';
import type { DictEntry } from '../../../shared/dict/dict.ts';
import type { Permission } from '../../../shared/perms.ts';
import type { Db } from '../../db/client.ts';
import { perm, type DistributorReach } from '../../http/access.ts';
import { ok } from '../../http/envelope.ts';
import { sendXlsx, type ExportColumn } from '../../http/export.ts';
import { count } from './invoice-checks.ts';

type Query = { page: number; limit: number; sort?: string | undefined; order: 'asc' | 'desc' };

/**
 * A list read by raw SQL (the invoice checks, the settlement statements): `POST page` ({ rows,
 * total }) and `POST export` (.xlsx in batches) over one `from`, built per request.
 */
export interface SqlListDefinition<Q extends Query, R> {
  api: { page: string; export: string };
  permission: Permission;
  distributor?: DistributorReach;
  body: z.ZodType<Q>;
  row: z.ZodType<R>;
  summary: string;
  fileName: DictEntry;
  columns: ExportColumn<R>[];
  from: (req: FastifyRequest, q: Q, now: Date) => Promise<SQL> | SQL;
  rows: (db: Db, from: SQL, q: Q, offset: number, limit: number, now: Date) => Promise<R[]>;
}

export function registerSqlList<Q extends Query, R>(root: FastifyInstance, def: SqlListDefinition<Q, R>) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = root.ctx;
  const config = {
    access: perm(def.permission, def.distributor ? { distributor: def.distributor } : {}),
  };
  // hand-registered: a list over raw SQL (the checks join several modules' tables), not one Drizzle table
  app.post(
    def.api.page,
    {
      config,
      schema: {
        tags: ['invoice'],
        summary: def.summary,
        body: def.body,
        response: { 200: envelopeSchema(pageResultSchema(def.row)) },
      },
    },
    async (req) => {
      const q = req.body as Q;
      const now = new Date();
      const from = await def.from(req, q, now);
      const [rows, total] = await Promise.all([
        def.rows(db, from, q, (q.page - 1) * q.limit, q.limit, now),
        count(db, from),
      ]);
      return ok(req, { rows, total });
    },
  );
  // hand-registered: the same list as .xlsx
  app.post(
    def.api.export,
    { config, schema: { tags: ['invoice'], summary: `${def.summary}, as .xlsx`, body: def.body } },
    async (req, reply) => {
      const q = req.body as Q;
      const now = new Date();
      const from = await def.from(req, q, now);
      return sendXlsx(req, reply, {
        fileName: def.fileName,
        columns: def.columns,
        fetch: (offset, limit) => def.rows(db, from, q, offset, limit, now),
      });
    },
  );
}
