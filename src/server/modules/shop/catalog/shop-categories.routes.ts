import { and, asc, count, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema } from '../../../../shared/api/common.ts';
import {
  shopCategoryApi,
  ShopCategoryCreateSchema,
  ShopCategoryOptionSchema,
  ShopCategoryPageSchema,
  ShopCategoryRowSchema,
  ShopCategoryStatusSchema,
  ShopCategoryUpdateSchema,
  type ShopCategoryOption,
  type ShopCategoryPage,
  type ShopCategoryRow,
} from '../../../../shared/api/shop.ts';
import { EnableStatus } from '../../../../shared/dict/account.ts';
import { dictLabel } from '../../../../shared/dict/dict.ts';
import { ShopField, ShopText } from '../../../../shared/dict/shop.ts';
import type { Db } from '../../../db/client.ts';
import { scenicScope } from '../../../http/access.ts';
import type { Resource } from '../../../http/crud.ts';
import { ok } from '../../../http/envelope.ts';
import { AppError, FieldError } from '../../../http/errors.ts';
import { joinTexts, type ExportColumn } from '../../../http/export.ts';
import { registerListResource } from '../../../http/list-resource.ts';
import { likeContains } from '../../../http/paging.ts';
import { writeAudit } from '../../audit/index.ts';
import { shopPerm } from '../shop-access.ts';
import { ShopFieldReason } from '../shop.messages.ts';
import { shopCategories, shopGoods, type ShopCategory } from '../shop.table.ts';

const resource: Resource<typeof shopCategories> = {
  table: shopCategories,
  id: shopCategories.id,
  scenic: shopCategories.scenicId,
  module: 'shop',
  targetType: 'shopCategory',
  audit: writeAudit,
};

const ORDER = [asc(shopCategories.sort), asc(shopCategories.id)];

async function goodsCounts(db: Db, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const counts = await db
    .select({ id: shopGoods.categoryId, n: count() })
    .from(shopGoods)
    .where(inArray(shopGoods.categoryId, ids))
    .groupBy(shopGoods.categoryId);
  return new Map(counts.map((c) => [c.id, c.n]));
}

const baseRow = (c: ShopCategory, goods: Map<number, number>) => ({
  id: c.id,
  parentId: c.parentId,
  name: c.name,
  icon: c.icon,
  sort: c.sort,
  status: c.status,
  goodsCount: goods.get(c.id) ?? 0,
  createTime: c.createdAt.toISOString(),
  updateTime: c.updatedAt.toISOString(),
});

/** Top-level records get their children (by sort); a subcategory's row has none. */
async function toRows(db: Db, records: ShopCategory[]): Promise<ShopCategoryRow[]> {
  const tops = records.filter((c) => c.parentId === null).map((c) => c.id);
  const children = tops.length
    ? await db
        .select()
        .from(shopCategories)
        .where(inArray(shopCategories.parentId, tops))
        .orderBy(...ORDER)
    : [];
  const goods = await goodsCounts(db, [...records.map((c) => c.id), ...children.map((c) => c.id)]);
  return records.map((c) =>
    c.parentId === null
      ? {
          ...baseRow(c, goods),
          children: children.filter((k) => k.parentId === c.id).map((k) => baseRow(k, goods)),
        }
      : baseRow(c, goods),
  );
}

const categoryWhere = (scenicId: number, q: ShopCategoryPage): SQL | undefined => {
  const name = q.name ? likeContains(q.name) : null;
  return and(
    eq(shopCategories.scenicId, scenicId),
    isNull(shopCategories.parentId),
    q.status ? eq(shopCategories.status, q.status) : undefined,
    name
      ? or(
          ilike(shopCategories.name, name),
          sql`exists (select 1 from shop_categories k where k.parent_id = ${shopCategories.id} and k.name ilike ${name})`,
        )
      : undefined,
  );
};

/** A parent must be a top-level category of the area, and a category with children cannot get one. */
async function checkParent(db: Db, scenicId: number, parentId: number | null, selfId?: number) {
  if (parentId === null) return;
  if (parentId === selfId) throw new FieldError('parentId', ShopFieldReason.parentNotTop);
  const [parent] = await db
    .select({ parentId: shopCategories.parentId })
    .from(shopCategories)
    .where(and(eq(shopCategories.id, parentId), eq(shopCategories.scenicId, scenicId)));
  if (!parent || parent.parentId !== null) throw new FieldError('parentId', ShopFieldReason.parentNotTop);
  if (selfId !== undefined) {
    const [kids] = await db
      .select({ n: count() })
      .from(shopCategories)
      .where(eq(shopCategories.parentId, selfId));
    if (kids && kids.n > 0) throw new AppError(409, 'shopCategoryHasChildren', { params: { count: kids.n } });
  }
}

/** One row per top-level category; its subcategories named in a column (the screen's tree, flat). */
const CATEGORY_EXPORT: ExportColumn<ShopCategoryRow>[] = [
  { header: ShopField.name, value: (r) => r.name, width: 20 },
  {
    header: ShopField.children,
    value: (r, lang) =>
      joinTexts(
        (r.children ?? []).map((c) => c.name),
        lang,
      ),
    width: 40,
  },
  {
    header: ShopField.goodsCount,
    value: (r) => r.goodsCount + (r.children ?? []).reduce((n, c) => n + c.goodsCount, 0),
    kind: 'number',
  },
  { header: ShopField.sort, value: (r) => r.sort, kind: 'number' },
  { header: ShopField.status, value: (r, lang) => dictLabel(EnableStatus, r.status, lang) },
  { header: ShopField.createTime, value: (r) => r.createTime, kind: 'datetime', width: 20 },
];

/** docs/product.md §2 /shop/goodType: the goods categories of the acting area, two levels. */
export async function shopCategoryRoutes(root: FastifyInstance) {
  registerListResource(root, {
    tag: 'shop',
    api: shopCategoryApi,
    shop: 'shop',
    perms: {
      page: 'shop:goodType:page',
      create: 'shop:goodType:create',
      update: 'shop:goodType:update',
      delete: 'shop:goodType:delete',
    },
    table: shopCategories,
    resource,
    where: categoryWhere,
    sort: { sort: shopCategories.sort, name: shopCategories.name, createTime: shopCategories.createdAt },
    order: ORDER,
    rowSchema: ShopCategoryRowSchema,
    rows: (records, { db }) => toRows(db, records),
    page: {
      summary: 'Top-level categories of the acting area (paged), each with its subcategories',
      body: ShopCategoryPageSchema,
    },
    export: {
      summary:
        'The top-level categories of the current filter (all pages) with their subcategories, as .xlsx',
      fileName: ShopText.categoryExport,
      columns: CATEGORY_EXPORT,
    },
    query: { summary: 'One category of the acting area' },
    create: {
      summary: 'Create a category; a parent is a top-level category of the area (two levels)',
      body: ShopCategoryCreateSchema,
      values: async (body, { db, scope: scenicId }) => {
        await checkParent(db, scenicId, body.parentId);
        return { ...body, scenicId };
      },
    },
    update: {
      summary: 'Edit a category; only the fields sent change; a category with children stays top-level',
      body: ShopCategoryUpdateSchema,
      guard: async (before, body, { tx }) => {
        if (body.parentId !== undefined && body.parentId !== before.parentId)
          await checkParent(tx, before.scenicId, body.parentId, before.id);
      },
    },
    delete: {
      summary: 'Delete a category that has no subcategories and no goods',
      guard: async (before, tx) => {
        const [kids] = await tx
          .select({ n: count() })
          .from(shopCategories)
          .where(eq(shopCategories.parentId, before.id));
        if (kids && kids.n > 0)
          throw new AppError(409, 'shopCategoryHasChildren', { params: { count: kids.n } });
        const [goods] = await tx
          .select({ n: count() })
          .from(shopGoods)
          .where(eq(shopGoods.categoryId, before.id));
        if (goods && goods.n > 0)
          throw new AppError(409, 'shopCategoryHasGoods', { params: { count: goods.n } });
      },
    },
    status: {
      summary: 'Enable or disable categories (1 enabled, 2 disabled); all or none change',
      body: ShopCategoryStatusSchema,
    },
  });

  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = root.ctx;
  // hand-registered: a read for a form's picker, not a list resource
  app.get(
    shopCategoryApi.list,
    {
      config: { access: shopPerm('shop:good:page') },
      schema: {
        tags: ['shop'],
        summary: 'The whole category tree of the acting area, by sort (for pickers)',
        response: { 200: envelopeSchema(z.array(ShopCategoryOptionSchema)) },
      },
    },
    async (req) => {
      const all = await db
        .select()
        .from(shopCategories)
        .where(eq(shopCategories.scenicId, scenicScope(req)))
        .orderBy(...ORDER);
      const tree: ShopCategoryOption[] = all
        .filter((c) => c.parentId === null)
        .map((c) => ({
          id: c.id,
          name: c.name,
          status: c.status,
          children: all
            .filter((k) => k.parentId === c.id)
            .map((k) => ({ id: k.id, name: k.name, status: k.status })),
        }));
      return ok(req, tree);
    },
  );
}
