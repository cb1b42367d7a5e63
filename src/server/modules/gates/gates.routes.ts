import { and, asc, eq, ilike } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelopeSchema, pageResultSchema } from '../../../shared/api/common.ts';
import { GatePageSchema, GateRowSchema, type GatePage, type GateRow } from '../../../shared/api/gates.ts';
import { perm, scenicScope } from '../../http/access.ts';
import { ok } from '../../http/envelope.ts';
import { likeContains, orderFor, pageOf } from '../../http/paging.ts';
import { gates } from './gates.table.ts';

function toRow(r: typeof gates.$inferSelect): GateRow {
  return {
    id: r.id,
    code: r.code,
    name: r.name,
    gateType: r.gateType,
    location: r.location,
    status: r.status,
    createTime: r.createdAt.toISOString(),
    updateTime: r.updatedAt.toISOString(),
  };
}

function gateWhere(scenicId: number, q: GatePage) {
  return and(
    eq(gates.scenicId, scenicId),
    q.name ? ilike(gates.name, likeContains(q.name)) : undefined,
    q.gateType ? eq(gates.gateType, q.gateType) : undefined,
    q.status ? eq(gates.status, q.status) : undefined,
  );
}

/** Spec §7 gate list. Managing gates is the terminal issue's /terminal/gateManage (docs/decisions.md). */
export async function gateRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = root.ctx;

  app.post(
    '/web/api/ticket/gate/page',
    {
      config: { access: perm('admin:gate:page') },
      schema: {
        tags: ['gates'],
        summary: 'Gates of the acting area (spec §7), filtered by name, gate type and status',
        body: GatePageSchema,
        response: { 200: envelopeSchema(pageResultSchema(GateRowSchema)) },
      },
    },
    async (req) => {
      const q = req.body;
      const page = await pageOf(db, gates, q, {
        where: gateWhere(scenicScope(req), q),
        orderBy: orderFor(
          { code: gates.code, name: gates.name, gateType: gates.gateType, createTime: gates.createdAt },
          q,
          [asc(gates.code), asc(gates.id)],
        ),
      });
      return ok(req, { rows: page.rows.map(toRow), total: page.total });
    },
  );
}
