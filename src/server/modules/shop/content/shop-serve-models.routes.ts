import { and, asc, eq, ilike, inArray, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema } from '../../../../shared/api/common.ts';
import {
  shopServeModelApi,
  ShopServeModelCreateSchema,
  ShopServeModelOptionSchema,
  ShopServeModelPageSchema,
  ShopServeModelRowSchema,
  ShopServeModelStatusSchema,
  ShopServeModelUpdateSchema,
  type ShopServeModelPage,
  type ShopServeModelRow,
} from '../../../../shared/api/shop-content.ts';
import { ShopContentText } from '../../../../shared/dict/shop-content.ts';
import type { Db } from '../../../db/client.ts';
import { scenicScope } from '../../../http/access.ts';
import { ok } from '../../../http/envelope.ts';
import { registerListResource } from '../../../http/list-resource.ts';
import { likeContains } from '../../../http/paging.ts';
import { SERVE_MODEL_EXPORT } from './shop-content.export.ts';
import { shopPerm } from '../shop-access.ts';
import { ShopContentFieldReason } from './shop-content.messages.ts';
import { shopServeModels } from '../shop-content.table.ts';
import { shopServices } from '../shop.table.ts';
import { audited, checkInArea, times } from './shop-content.common.ts';

async function serveModelRows(
  db: Db,
  records: (typeof shopServeModels.$inferSelect)[],
): Promise<ShopServeModelRow[]> {
  const ids = [...new Set(records.flatMap((r) => r.serviceIds))];
  const services = ids.length
    ? await db
        .select({ id: shopServices.id, name: shopServices.name, status: shopServices.status })
        .from(shopServices)
        .where(inArray(shopServices.id, ids))
    : [];
  const byId = new Map(services.map((s) => [s.id, s]));
  return records.map((r) => ({
    id: r.id,
    name: r.name,
    // a deleted service item is left out (the template's next save drops it)
    serviceIds: r.serviceIds.filter((id) => byId.has(id)),
    services: r.serviceIds.flatMap((id) => byId.get(id) ?? []),
    isDefault: r.isDefault,
    sort: r.sort,
    status: r.status,
    ...times(r),
  }));
}

/** docs/product.md §2 /shop/serveModel: templates of service items. */
export async function shopServeModelRoutes(root: FastifyInstance) {
  registerListResource(root, {
    tag: 'shop',
    api: shopServeModelApi,
    shop: 'shop',
    perms: {
      page: 'shop:serveModel:page',
      create: 'shop:serveModel:edit',
      update: 'shop:serveModel:edit',
      delete: 'shop:serveModel:edit',
    },
    table: shopServeModels,
    resource: audited(shopServeModels, shopServeModels.id, shopServeModels.scenicId, 'shopServeModel'),
    where: (scenicId: number, q: ShopServeModelPage): SQL | undefined =>
      and(
        eq(shopServeModels.scenicId, scenicId),
        q.name ? ilike(shopServeModels.name, likeContains(q.name)) : undefined,
        q.status ? eq(shopServeModels.status, q.status) : undefined,
      ),
    sort: { sort: shopServeModels.sort, name: shopServeModels.name, createTime: shopServeModels.createdAt },
    order: [asc(shopServeModels.sort), asc(shopServeModels.id)],
    rowSchema: ShopServeModelRowSchema,
    rows: (records, { db }) => serveModelRows(db, records),
    page: {
      summary: 'Service templates of the acting area, each with its service items',
      body: ShopServeModelPageSchema,
    },
    export: {
      summary: 'The service templates of the current filter (all pages) as .xlsx',
      fileName: ShopContentText.serveModelExport,
      columns: SERVE_MODEL_EXPORT,
    },
    create: {
      summary: 'Create a service template: service items of the area, optionally the default of new goods',
      body: ShopServeModelCreateSchema,
      values: async (body, { db, scope: scenicId }) => {
        await checkInArea(
          db,
          shopServices,
          scenicId,
          body.serviceIds,
          'serviceIds',
          ShopContentFieldReason.serviceNotInArea,
        );
        return { ...body, scenicId };
      },
    },
    update: {
      summary: 'Edit a service template; only the fields sent change',
      body: ShopServeModelUpdateSchema,
      guard: async (before, body, { tx }) => {
        if (body.serviceIds)
          await checkInArea(
            tx,
            shopServices,
            before.scenicId,
            body.serviceIds,
            'serviceIds',
            ShopContentFieldReason.serviceNotInArea,
          );
      },
    },
    delete: { summary: 'Delete a service template (goods keep the services it gave them)' },
    status: {
      summary: 'Set service templates effective (1) or invalid (2); all or none change',
      body: ShopServeModelStatusSchema,
    },
  });

  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = root.ctx;
  // hand-registered: a read for a form's picker, not a list resource
  app.get(
    shopServeModelApi.options,
    {
      config: { access: shopPerm('shop:good:page') },
      schema: {
        tags: ['shop'],
        summary:
          'The effective templates with their effective service items, by sort (the goods editor applies them)',
        response: { 200: envelopeSchema(z.array(ShopServeModelOptionSchema)) },
      },
    },
    async (req) => {
      const scenicId = scenicScope(req);
      const models = await db
        .select()
        .from(shopServeModels)
        .where(and(eq(shopServeModels.scenicId, scenicId), eq(shopServeModels.status, 1)))
        .orderBy(asc(shopServeModels.sort), asc(shopServeModels.id));
      const effective = new Set(
        (
          await db
            .select({ id: shopServices.id })
            .from(shopServices)
            .where(and(eq(shopServices.scenicId, scenicId), eq(shopServices.status, 1)))
        ).map((s) => s.id),
      );
      return ok(
        req,
        models.map((m) => ({
          id: m.id,
          name: m.name,
          isDefault: m.isDefault,
          serviceIds: m.serviceIds.filter((id) => effective.has(id)),
        })),
      );
    },
  );
}
