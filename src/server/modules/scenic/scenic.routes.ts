import { and, asc, eq, ilike } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelopeSchema, pageResultSchema } from '../../../shared/api/common.ts';
import { ScenicPageSchema, ScenicRowSchema, type ScenicRow } from '../../../shared/api/scenic.ts';
import { ADM_TYPE } from '../../../shared/dict/account.ts';
import { perm, requireAuth } from '../../http/access.ts';
import { ok } from '../../http/envelope.ts';
import { likeContains, orderFor, pageOf } from '../../http/paging.ts';
import { scenicAreas } from './scenic.table.ts';

export async function scenicRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = root.ctx;

  app.post(
    '/web/api/ticket/scenic/page',
    {
      config: { access: perm('admin:scenic:page') },
      schema: {
        tags: ['scenic'],
        summary: 'Scenic areas: all for a platform account, otherwise only its own',
        body: ScenicPageSchema,
        response: { 200: envelopeSchema(pageResultSchema(ScenicRowSchema)) },
      },
    },
    async (req) => {
      const auth = requireAuth(req);
      const { name, status } = req.body;
      const where = and(
        auth.admType === ADM_TYPE.platform ? undefined : eq(scenicAreas.id, auth.homeScenicId ?? -1),
        name ? ilike(scenicAreas.name, likeContains(name)) : undefined,
        status ? eq(scenicAreas.status, status) : undefined,
      );
      const page = await pageOf(db, scenicAreas, req.body, {
        where,
        orderBy: orderFor(
          { code: scenicAreas.code, name: scenicAreas.name, createTime: scenicAreas.createdAt },
          req.body,
          [asc(scenicAreas.sort), asc(scenicAreas.id)],
        ),
      });
      const rows: ScenicRow[] = page.rows.map((r) => ({
        id: r.id,
        code: r.code,
        name: r.name,
        contact: r.contact,
        phone: r.phone,
        address: r.address,
        status: r.status,
        createTime: r.createdAt.toISOString(),
      }));
      return ok(req, { rows, total: page.total });
    },
  );
}
