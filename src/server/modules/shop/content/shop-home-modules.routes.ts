import { and, asc, eq, ilike, inArray, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  homeModuleApi,
  HomeModuleCreateSchema,
  HomeModulePageSchema,
  HomeModuleRowSchema,
  HomeModuleUpdateSchema,
  moduleIssue,
  windowIssue,
  type HomeModulePage,
  type HomeModuleRow,
} from '../../../../shared/api/shop-content.ts';
import { ValidationMessage } from '../../../../shared/api/validation-messages.ts';
import { HOME_MODULE_KIND, ShopContentText } from '../../../../shared/dict/shop-content.ts';
import type { Db } from '../../../db/client.ts';
import { FieldError } from '../../../http/errors.ts';
import { registerListResource } from '../../../http/list-resource.ts';
import { likeContains } from '../../../http/paging.ts';
import { HOME_MODULE_EXPORT } from './shop-content.export.ts';
import { ShopContentFieldReason } from './shop-content.messages.ts';
import { shopHomeModules } from '../shop-content.table.ts';
import { shopCategories, shopGoods } from '../shop.table.ts';
import { audited, checkInArea, iso, noUndefined, times, toDate } from './shop-content.common.ts';

// ---- /shop/homeModule (spec §7: POST /web/api/admin/module/page, create, update; GET delete?id=) ----

type ModuleRecord = typeof shopHomeModules.$inferSelect;

async function moduleRows(db: Db, records: ModuleRecord[]): Promise<HomeModuleRow[]> {
  const goodsIds = [...new Set(records.flatMap((r) => r.goodsIds))];
  const categoryIds = records.flatMap((r) => (r.categoryId ? [r.categoryId] : []));
  const goods = goodsIds.length
    ? await db
        .select({ id: shopGoods.id, name: shopGoods.name, status: shopGoods.status })
        .from(shopGoods)
        .where(inArray(shopGoods.id, goodsIds))
    : [];
  const categories = categoryIds.length
    ? await db
        .select({ id: shopCategories.id, name: shopCategories.name })
        .from(shopCategories)
        .where(inArray(shopCategories.id, categoryIds))
    : [];
  const goodsById = new Map(goods.map((g) => [g.id, g]));
  return records.map((r) => ({
    id: r.id,
    title: r.title,
    kind: r.kind,
    goodsIds: r.goodsIds,
    goods: r.goodsIds.flatMap((id) => goodsById.get(id) ?? []),
    categoryId: r.categoryId,
    categoryName: categories.find((c) => c.id === r.categoryId)?.name ?? null,
    layout: r.layout,
    goodsLimit: r.goodsLimit,
    startTime: iso(r.startAt),
    endTime: iso(r.endAt),
    sort: r.sort,
    status: r.status,
    ...times(r),
  }));
}

/** Chosen goods keep no category; a category module keeps no goods. */
function contentValues(
  kind: number | undefined,
  goodsIds: number[] | undefined,
  categoryId: number | null | undefined,
) {
  if (kind === HOME_MODULE_KIND.goods) return { kind, goodsIds: goodsIds ?? [], categoryId: null };
  if (kind === HOME_MODULE_KIND.category) return { kind, goodsIds: [], categoryId: categoryId ?? null };
  return noUndefined({ goodsIds, categoryId });
}

async function checkModuleContent(db: Db, scenicId: number, goodsIds: number[], categoryId: number | null) {
  await checkInArea(db, shopGoods, scenicId, goodsIds, 'goodsIds', ShopContentFieldReason.goodsNotInArea);
  if (categoryId)
    await checkInArea(
      db,
      shopCategories,
      scenicId,
      [categoryId],
      'categoryId',
      ShopContentFieldReason.categoryNotInArea,
    );
}

/** docs/product.md §2 /shop/homeModule: the mini-program's home page modules. */
export async function shopHomeModuleRoutes(root: FastifyInstance) {
  registerListResource(root, {
    tag: 'shop',
    api: homeModuleApi,
    shop: 'shop',
    perms: {
      page: 'shop:homeModule:page',
      create: 'shop:homeModule:edit',
      update: 'shop:homeModule:edit',
      delete: 'shop:homeModule:edit',
    },
    table: shopHomeModules,
    resource: audited(shopHomeModules, shopHomeModules.id, shopHomeModules.scenicId, 'shopHomeModule'),
    where: (scenicId: number, q: HomeModulePage): SQL | undefined =>
      and(
        eq(shopHomeModules.scenicId, scenicId),
        q.title ? ilike(shopHomeModules.title, likeContains(q.title)) : undefined,
        q.kind ? eq(shopHomeModules.kind, q.kind) : undefined,
        q.status ? eq(shopHomeModules.status, q.status) : undefined,
      ),
    sort: { sort: shopHomeModules.sort, title: shopHomeModules.title, createTime: shopHomeModules.createdAt },
    order: [asc(shopHomeModules.sort), asc(shopHomeModules.id)],
    rowSchema: HomeModuleRowSchema,
    rows: (records, { db }) => moduleRows(db, records),
    page: {
      summary: 'Home modules of the acting area (spec §7 module/page): chosen goods (1) or a category (2)',
      body: HomeModulePageSchema,
    },
    export: {
      summary: 'The home modules of the current filter (all pages) as .xlsx',
      fileName: ShopContentText.homeModuleExport,
      columns: HOME_MODULE_EXPORT,
    },
    create: {
      summary:
        'Create a home module (spec §7 module/create): chosen goods of the area or one of its categories',
      body: HomeModuleCreateSchema,
      values: async (
        { startTime, endTime, kind, goodsIds, categoryId, ...body },
        { db, scope: scenicId },
      ) => {
        const content = contentValues(kind, goodsIds, categoryId);
        await checkModuleContent(db, scenicId, content.goodsIds ?? [], content.categoryId ?? null);
        return { ...body, ...content, startAt: toDate(startTime), endAt: toDate(endTime), scenicId };
      },
    },
    update: {
      summary:
        'Edit a home module (spec §7 module/update); only the fields sent change; checked on the merged module',
      body: HomeModuleUpdateSchema,
      values: ({ startTime, endTime, kind, goodsIds, categoryId, ...body }) =>
        noUndefined({
          ...body,
          ...contentValues(kind, goodsIds, categoryId),
          startAt: toDate(startTime),
          endAt: toDate(endTime),
        }),
      guard: async (before, body, { tx }) => {
        const kind = body.kind ?? before.kind;
        const merged = {
          kind,
          goodsIds: kind === HOME_MODULE_KIND.goods ? (body.goodsIds ?? before.goodsIds) : [],
          categoryId:
            kind === HOME_MODULE_KIND.category
              ? body.categoryId !== undefined
                ? body.categoryId
                : before.categoryId
              : null,
          startTime: body.startTime !== undefined ? body.startTime : iso(before.startAt),
          endTime: body.endTime !== undefined ? body.endTime : iso(before.endAt),
        };
        const missing = moduleIssue(merged);
        if (missing === 'goodsIds') throw new FieldError('goodsIds', ValidationMessage.moduleGoodsRequired);
        if (missing) throw new FieldError(missing, ValidationMessage.required);
        if (windowIssue(merged)) throw new FieldError('endTime', ValidationMessage.endAfterStart);
        await checkModuleContent(tx, before.scenicId, body.goodsIds ?? [], body.categoryId ?? null);
      },
    },
    delete: { summary: 'Delete a home module (spec §7 module/delete?id=)' },
  });
}
