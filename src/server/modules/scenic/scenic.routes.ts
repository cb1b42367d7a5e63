import { and, asc, eq, ilike } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { scenicApi, ScenicPageSchema, ScenicRowSchema } from '../../../shared/api/scenic.ts';
import { ADM_TYPE } from '../../../shared/dict/account.ts';
import { requireAuth } from '../../http/access.ts';
import { registerListResource } from '../../http/list-resource.ts';
import { likeContains } from '../../http/paging.ts';
import { scenicAreas } from './scenic.table.ts';

export async function scenicRoutes(root: FastifyInstance) {
  registerListResource(root, {
    tag: 'scenic',
    api: scenicApi,
    perms: { page: 'admin:scenic:page' },
    table: scenicAreas,
    // every area for a platform account, otherwise its own: not the acting area
    scope: requireAuth,
    where: (auth, { name, status }) =>
      and(
        auth.admType === ADM_TYPE.platform ? undefined : eq(scenicAreas.id, auth.homeScenicId ?? -1),
        name ? ilike(scenicAreas.name, likeContains(name)) : undefined,
        status ? eq(scenicAreas.status, status) : undefined,
      ),
    sort: { code: scenicAreas.code, name: scenicAreas.name, createTime: scenicAreas.createdAt },
    order: [asc(scenicAreas.sort), asc(scenicAreas.id)],
    rowSchema: ScenicRowSchema,
    rows: (records) =>
      records.map((r) => ({
        id: r.id,
        code: r.code,
        name: r.name,
        contact: r.contact,
        phone: r.phone,
        address: r.address,
        status: r.status,
        createTime: r.createdAt.toISOString(),
      })),
    page: {
      summary: 'Scenic areas: all for a platform account, otherwise only its own',
      body: ScenicPageSchema,
    },
  });
}
