import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema, IdSchema } from '../../../../shared/api/common.ts';
import {
  shopGoodApi,
  ShopGoodCreateSchema,
  ShopGoodDetailSchema,
  ShopGoodPageSchema,
  ShopGoodRowSchema,
  ShopGoodStatusSchema,
  ShopGoodUpdateSchema,
  ShopServiceOptionSchema,
  type ShopGoodPage,
  type ShopGoodRow,
} from '../../../../shared/api/shop.ts';
import { dictLabel } from '../../../../shared/dict/dict.ts';
import { ShelfStatus, ShopField, ShopText } from '../../../../shared/dict/shop.ts';
import type { Db } from '../../../db/client.ts';
import { scenicScope } from '../../../http/access.ts';
import { auditedInRun, registerAction } from '../../../http/action.ts';
import { ok } from '../../../http/envelope.ts';
import { AppError } from '../../../http/errors.ts';
import type { ExportColumn } from '../../../http/export.ts';
import { registerListResource } from '../../../http/list-resource.ts';
import { likeContains } from '../../../http/paging.ts';
import { writeAudit } from '../../audit/index.ts';
import { shopPerm } from '../shop-access.ts';
import { createGoods, goodsDetail, goodsResource, goodsRows, updateGoods } from './shop-goods.service.ts';
import { shopCategories, shopGoods, shopOrderLines, shopServices, type ShopGoods } from '../shop.table.ts';

const goodsWhere = (scenicId: number, q: ShopGoodPage): SQL | undefined =>
  and(
    eq(shopGoods.scenicId, scenicId),
    q.name ? ilike(shopGoods.name, likeContains(q.name)) : undefined,
    q.status ? eq(shopGoods.status, q.status) : undefined,
    q.categoryId
      ? or(
          eq(shopGoods.categoryId, q.categoryId),
          inArray(
            shopGoods.categoryId,
            sql`(select id from ${shopCategories} where ${shopCategories.parentId} = ${q.categoryId})`,
          ),
        )
      : undefined,
    q.code
      ? sql`exists (select 1 from shop_skus s where s.goods_id = ${shopGoods.id} and s.code = ${q.code})`
      : undefined,
    q.ids ? inArray(shopGoods.id, q.ids) : undefined,
  );

const yuan = (cents: number) => (cents / 100).toFixed(2);
const GOODS_EXPORT: ExportColumn<ShopGoodRow>[] = [
  { header: ShopField.goodsName, value: (r) => r.name, width: 28 },
  { header: ShopField.category, value: (r) => r.categoryName, width: 14 },
  {
    header: ShopField.price,
    value: (r) => (r.minPrice === r.maxPrice ? yuan(r.minPrice) : `${yuan(r.minPrice)}-${yuan(r.maxPrice)}`),
  },
  { header: ShopField.stock, value: (r) => r.stock, kind: 'number' },
  { header: ShopField.sales, value: (r) => r.sales, kind: 'number' },
  { header: ShopField.shelf, value: (r, lang) => dictLabel(ShelfStatus, r.status, lang) },
  { header: ShopField.sort, value: (r) => r.sort, kind: 'number' },
  { header: ShopField.createTime, value: (r) => r.createTime, kind: 'datetime', width: 20 },
];

const detailOf = async (db: Db, record: ShopGoods) =>
  goodsDetail(db, record, (await goodsRows(db, [record]))[0]!);

/**
 * A goods item's create and edit audit rows: createGoods and updateGoods write them through crud.ts
 * (goodsResource, its SKUs in the snapshot), in the action's transaction, so the runs answer
 * without one (`auditedInRun(answer)`).
 */
const goodsAudit = { write: writeAudit, module: 'shop', targetType: 'shopGoods' } as const;

/** docs/product.md §2 /shop/good and /shop/goodQuery: the goods of the acting area with their SKUs. */
export async function shopGoodRoutes(root: FastifyInstance) {
  registerListResource(root, {
    tag: 'shop',
    api: shopGoodApi,
    shop: 'shop',
    perms: {
      page: 'shop:good:page',
      update: 'shop:good:update',
      delete: 'shop:good:delete',
    },
    table: shopGoods,
    resource: goodsResource,
    where: goodsWhere,
    sort: {
      sort: shopGoods.sort,
      sales: shopGoods.sales,
      createTime: shopGoods.createdAt,
      name: shopGoods.name,
    },
    order: [asc(shopGoods.sort), desc(shopGoods.id)],
    rowSchema: ShopGoodRowSchema,
    rows: (records, { db }) => goodsRows(db, records),
    page: {
      summary: 'Goods of the acting area (a top-level category includes its children)',
      body: ShopGoodPageSchema,
    },
    export: {
      summary: 'The goods of the current filter (all pages) as .xlsx',
      fileName: ShopText.goodsExport,
      columns: GOODS_EXPORT,
    },
    delete: {
      summary: 'Delete a goods item that has never been ordered (otherwise take it off the shelf)',
      guard: async (before, tx) => {
        const [ordered] = await tx
          .select({ n: count() })
          .from(shopOrderLines)
          .where(eq(shopOrderLines.goodsId, before.id));
        if ((ordered?.n ?? 0) > 0) throw new AppError(409, 'shopGoodsOrdered');
      },
    },
    status: {
      summary: 'Put goods on (1) or off (2) the shelf; all or none change',
      body: ShopGoodStatusSchema,
    },
  });

  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = root.ctx;

  // hand-registered: a read that is not a list resource
  app.get(
    shopGoodApi.query,
    {
      config: { access: shopPerm('shop:good:page') },
      schema: {
        tags: ['shop'],
        summary: 'One goods item with its specifications, SKUs, gallery, details and services',
        querystring: z.object({ id: IdSchema }).strict(),
        response: { 200: envelopeSchema(ShopGoodDetailSchema) },
      },
    },
    async (req) => {
      const [record] = await db
        .select()
        .from(shopGoods)
        .where(and(eq(shopGoods.id, req.query.id), eq(shopGoods.scenicId, scenicScope(req))));
      if (!record) throw new AppError(404, 'recordNotFound');
      return ok(req, await detailOf(db, record));
    },
  );

  registerAction(root, {
    url: shopGoodApi.create,
    access: shopPerm('shop:good:create'),
    tag: 'shop',
    summary: 'Create a goods item with its SKUs; opening stock is written to the stock ledger',
    body: ShopGoodCreateSchema,
    response: ShopGoodDetailSchema,
    audit: { ...goodsAudit, action: 'create' },
    run: async (tx, { scenicId, adminId: _, ...body }, req) =>
      auditedInRun(await detailOf(tx, await createGoods(tx, req, scenicId, body))),
  });

  registerAction(root, {
    url: shopGoodApi.update,
    access: shopPerm('shop:good:update'),
    tag: 'shop',
    summary:
      'Edit a goods item; only the fields sent change; specifications and SKUs are replaced together (existing SKUs keep their stock)',
    body: ShopGoodUpdateSchema,
    response: ShopGoodDetailSchema,
    audit: { ...goodsAudit, action: 'update' },
    run: async (tx, { scenicId, adminId: _, ...body }, req) =>
      auditedInRun(await detailOf(tx, await updateGoods(tx, req, scenicId, body))),
  });

  // hand-registered: a read for a form's picker, not a list resource
  app.get(
    shopGoodApi.services,
    {
      config: { access: shopPerm('shop:good:page') },
      schema: {
        tags: ['shop'],
        summary: 'The effective services of the acting area, by sort (the goods form’s choices)',
        response: { 200: envelopeSchema(z.array(ShopServiceOptionSchema)) },
      },
    },
    async (req) => {
      const rows = await db
        .select({ id: shopServices.id, name: shopServices.name })
        .from(shopServices)
        .where(and(eq(shopServices.scenicId, scenicScope(req)), eq(shopServices.status, 1)))
        .orderBy(asc(shopServices.sort), asc(shopServices.id));
      return ok(req, rows);
    },
  );
}
