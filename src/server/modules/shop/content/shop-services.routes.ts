import { and, arrayContains, arrayOverlaps, asc, count, eq, ilike, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  shopServiceApi,
  ShopServiceCreateSchema,
  ShopServicePageSchema,
  ShopServiceRowSchema,
  ShopServiceStatusSchema,
  ShopServiceUpdateSchema,
  type ShopServicePage,
  type ShopServiceRow,
} from '../../../../shared/api/shop-content.ts';
import { ShopContentText } from '../../../../shared/dict/shop-content.ts';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../http/errors.ts';
import { registerListResource } from '../../../http/list-resource.ts';
import { likeContains } from '../../../http/paging.ts';
import { SERVICE_EXPORT } from './shop-content.export.ts';
import { shopGoods, shopServices } from '../shop.table.ts';
import { audited, times } from './shop-content.common.ts';

async function serviceRows(db: Db, records: (typeof shopServices.$inferSelect)[]): Promise<ShopServiceRow[]> {
  const ids = records.map((r) => r.id);
  const goods = ids.length
    ? await db
        .select({ serviceIds: shopGoods.serviceIds })
        .from(shopGoods)
        .where(arrayOverlaps(shopGoods.serviceIds, ids))
    : [];
  return records.map((r) => ({
    id: r.id,
    name: r.name,
    description: r.description,
    sort: r.sort,
    status: r.status,
    goodsCount: goods.filter((g) => g.serviceIds.includes(r.id)).length,
    ...times(r),
  }));
}

/** docs/product.md §2 /shop/goodServe: the service items goods show. */
export async function shopServiceRoutes(root: FastifyInstance) {
  registerListResource(root, {
    tag: 'shop',
    api: shopServiceApi,
    shop: 'shop',
    perms: {
      page: 'shop:goodServe:page',
      create: 'shop:goodServe:edit',
      update: 'shop:goodServe:edit',
      delete: 'shop:goodServe:edit',
    },
    table: shopServices,
    resource: audited(shopServices, shopServices.id, shopServices.scenicId, 'shopService'),
    where: (scenicId: number, q: ShopServicePage): SQL | undefined =>
      and(
        eq(shopServices.scenicId, scenicId),
        q.name ? ilike(shopServices.name, likeContains(q.name)) : undefined,
        q.status ? eq(shopServices.status, q.status) : undefined,
      ),
    sort: { sort: shopServices.sort, name: shopServices.name, createTime: shopServices.createdAt },
    order: [asc(shopServices.sort), asc(shopServices.id)],
    rowSchema: ShopServiceRowSchema,
    rows: (records, { db }) => serviceRows(db, records),
    page: {
      summary: 'Service items of the acting area ("7-day return", "free shipping"): 1 effective, 2 invalid',
      body: ShopServicePageSchema,
    },
    export: {
      summary: 'The service items of the current filter (all pages) as .xlsx',
      fileName: ShopContentText.serviceExport,
      columns: SERVICE_EXPORT,
    },
    create: {
      summary: 'Create a service item',
      body: ShopServiceCreateSchema,
      values: (body, { scope: scenicId }) => ({ ...body, scenicId }),
    },
    update: { summary: 'Edit a service item; only the fields sent change', body: ShopServiceUpdateSchema },
    delete: {
      summary: 'Delete a service item no goods shows (409 otherwise: set it invalid); templates leave it out',
      guard: async (before, tx) => {
        const [used] = await tx
          .select({ n: count() })
          .from(shopGoods)
          .where(arrayContains(shopGoods.serviceIds, [before.id]));
        if ((used?.n ?? 0) > 0) throw new AppError(409, 'shopServiceInUse', { params: { count: used!.n } });
      },
    },
    status: {
      summary: 'Set service items effective (1) or invalid (2); all or none change',
      body: ShopServiceStatusSchema,
    },
  });
}
