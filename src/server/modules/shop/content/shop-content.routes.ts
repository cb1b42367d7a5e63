import {
  and,
  arrayContains,
  arrayOverlaps,
  asc,
  count,
  desc,
  eq,
  ilike,
  inArray,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema } from '../../../../shared/api/common.ts';
import {
  homeModuleApi,
  HomeModuleCreateSchema,
  HomeModulePageSchema,
  HomeModuleRowSchema,
  HomeModuleUpdateSchema,
  linkIssue,
  moduleIssue,
  ShopArticleOptionSchema,
  ShopArticleQuerySchema,
  shopCarouselApi,
  ShopCarouselCreateSchema,
  ShopCarouselPageSchema,
  ShopCarouselRowSchema,
  ShopCarouselStatusSchema,
  ShopCarouselUpdateSchema,
  shopServeModelApi,
  ShopServeModelCreateSchema,
  ShopServeModelOptionSchema,
  ShopServeModelPageSchema,
  ShopServeModelRowSchema,
  ShopServeModelStatusSchema,
  ShopServeModelUpdateSchema,
  shopServiceApi,
  ShopServiceCreateSchema,
  ShopServicePageSchema,
  ShopServiceRowSchema,
  ShopServiceStatusSchema,
  ShopServiceUpdateSchema,
  windowIssue,
  type HomeModulePage,
  type HomeModuleRow,
  type ShopCarouselPage,
  type ShopCarouselRow,
  type ShopServeModelPage,
  type ShopServeModelRow,
  type ShopServicePage,
  type ShopServiceRow,
} from '../../../../shared/api/shop-content.ts';
import { ValidationMessage } from '../../../../shared/api/validation-messages.ts';
import type { AuditTargetCode } from '../../../../shared/dict/audit.ts';
import type { DictEntry } from '../../../../shared/dict/dict.ts';
import { CONTENT_STATE } from '../../../../shared/dict/content.ts';
import { CAROUSEL_LINK, HOME_MODULE_KIND, ShopContentText } from '../../../../shared/dict/shop-content.ts';
import type { Db } from '../../../db/client.ts';
import { scenicScope } from '../../../http/access.ts';
import type { Resource } from '../../../http/crud.ts';
import { ok } from '../../../http/envelope.ts';
import { AppError, FieldError } from '../../../http/errors.ts';
import { registerListResource } from '../../../http/list-resource.ts';
import { likeContains } from '../../../http/paging.ts';
import { writeAudit } from '../../audit/index.ts';
import { scenicArticles } from '../../content/index.ts';
import {
  CAROUSEL_EXPORT,
  HOME_MODULE_EXPORT,
  SERVE_MODEL_EXPORT,
  SERVICE_EXPORT,
} from './shop-content.export.ts';
import { shopPerm } from '../shop-access.ts';
import { ShopContentFieldReason } from './shop-content.messages.ts';
import { shopCarousels, shopHomeModules, shopServeModels } from '../shop-content.table.ts';
import { shopCategories, shopGoods, shopServices } from '../shop.table.ts';

function audited<T extends PgTable>(
  table: T,
  id: PgColumn,
  scenic: PgColumn,
  targetType: AuditTargetCode,
): Resource<T> {
  return { table, id, scenic, module: 'shop', targetType, audit: writeAudit };
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);
/** An ISO instant of the API as the column's value (undefined: not sent). */
const toDate = (s: string | null | undefined) =>
  s === undefined ? undefined : s === null ? null : new Date(s);
const times = (r: { createdAt: Date; updatedAt: Date }) => ({
  createTime: r.createdAt.toISOString(),
  updateTime: r.updatedAt.toISOString(),
});
const noUndefined = <T extends object>(o: T) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;

/** Every id belongs to the area (a 400 naming the field otherwise). */
async function checkInArea(
  db: Db,
  table: typeof shopServices | typeof shopGoods | typeof shopCategories,
  scenicId: number,
  ids: number[],
  field: string,
  reason: DictEntry,
) {
  if (ids.length === 0) return;
  const [found] = await db
    .select({ n: count() })
    .from(table)
    .where(and(inArray(table.id, ids), eq(table.scenicId, scenicId)));
  if ((found?.n ?? 0) !== new Set(ids).size) throw new FieldError(field, reason);
}

// ---- /shop/goodServe ----

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

function registerServices(root: FastifyInstance) {
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

// ---- /shop/serveModel ----

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

function registerServeModels(root: FastifyInstance) {
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

// ---- /shop/carousel ----

type CarouselRecord = typeof shopCarousels.$inferSelect;

async function carouselRows(db: Db, records: CarouselRecord[]): Promise<ShopCarouselRow[]> {
  const ids = (type: number) => records.filter((r) => r.linkType === type && r.linkId).map((r) => r.linkId!);
  const goodsIds = ids(CAROUSEL_LINK.goods);
  const articleIds = ids(CAROUSEL_LINK.article);
  const goods = goodsIds.length
    ? await db
        .select({ id: shopGoods.id, name: shopGoods.name })
        .from(shopGoods)
        .where(inArray(shopGoods.id, goodsIds))
    : [];
  const articles = articleIds.length
    ? await db
        .select({ id: scenicArticles.id, name: scenicArticles.title })
        .from(scenicArticles)
        .where(inArray(scenicArticles.id, articleIds))
    : [];
  const names = { [CAROUSEL_LINK.goods]: goods, [CAROUSEL_LINK.article]: articles } as Record<
    number,
    { id: number; name: string }[]
  >;
  return records.map((r) => ({
    id: r.id,
    title: r.title,
    image: r.image,
    linkType: r.linkType,
    linkId: r.linkId,
    linkUrl: r.linkUrl,
    linkName: names[r.linkType]?.find((x) => x.id === r.linkId)?.name ?? null,
    display: r.display,
    startTime: iso(r.startAt),
    endTime: iso(r.endAt),
    sort: r.sort,
    status: r.status,
    ...times(r),
  }));
}

/** A goods link names goods of the area; an article link a published article of the area. */
async function checkLinkTarget(db: Db, scenicId: number, linkType: number, linkId: number | null) {
  if (linkType === CAROUSEL_LINK.goods && linkId) {
    const [found] = await db
      .select({ id: shopGoods.id })
      .from(shopGoods)
      .where(and(eq(shopGoods.id, linkId), eq(shopGoods.scenicId, scenicId)));
    if (!found) throw new FieldError('linkId', ShopContentFieldReason.linkGoodsNotInArea);
  }
  if (linkType === CAROUSEL_LINK.article && linkId) {
    const [found] = await db
      .select({ id: scenicArticles.id })
      .from(scenicArticles)
      .where(
        and(
          eq(scenicArticles.id, linkId),
          eq(scenicArticles.scenicId, scenicId),
          eq(scenicArticles.state, CONTENT_STATE.published),
        ),
      );
    if (!found) throw new FieldError('linkId', ShopContentFieldReason.linkArticleNotInArea);
  }
}

/** Only the link field of its type is kept (a URL banner has no linkId, a goods banner no URL). */
function linkValues(
  linkType: number | undefined,
  linkId: number | null | undefined,
  linkUrl: string | undefined,
) {
  if (linkType === undefined) return noUndefined({ linkId, linkUrl });
  if (linkType === CAROUSEL_LINK.goods || linkType === CAROUSEL_LINK.article)
    return { linkType, linkId: linkId ?? null, linkUrl: '' };
  if (linkType === CAROUSEL_LINK.url) return { linkType, linkId: null, linkUrl: linkUrl ?? '' };
  return { linkType, linkId: null, linkUrl: '' };
}

function registerCarousels(root: FastifyInstance) {
  registerListResource(root, {
    tag: 'shop',
    api: shopCarouselApi,
    shop: 'shop',
    perms: {
      page: 'shop:carousel:page',
      create: 'shop:carousel:edit',
      update: 'shop:carousel:edit',
      delete: 'shop:carousel:edit',
    },
    table: shopCarousels,
    resource: audited(shopCarousels, shopCarousels.id, shopCarousels.scenicId, 'shopCarousel'),
    where: (scenicId: number, q: ShopCarouselPage): SQL | undefined =>
      and(
        eq(shopCarousels.scenicId, scenicId),
        q.title ? ilike(shopCarousels.title, likeContains(q.title)) : undefined,
        q.display ? eq(shopCarousels.display, q.display) : undefined,
        q.linkType ? eq(shopCarousels.linkType, q.linkType) : undefined,
        q.status ? eq(shopCarousels.status, q.status) : undefined,
      ),
    sort: { sort: shopCarousels.sort, startTime: shopCarousels.startAt, createTime: shopCarousels.createdAt },
    order: [asc(shopCarousels.sort), desc(shopCarousels.id)],
    rowSchema: ShopCarouselRowSchema,
    rows: (records, { db }) => carouselRows(db, records),
    page: {
      summary: 'Banners of the acting area (display 1 carousel, 2 list) with their links and windows',
      body: ShopCarouselPageSchema,
    },
    export: {
      summary: 'The banners of the current filter (all pages) as .xlsx',
      fileName: ShopContentText.carouselExport,
      columns: CAROUSEL_EXPORT,
    },
    create: {
      summary:
        'Create a banner: image, a link to goods (1), an article (2), a URL (3) or none (4), display, time window',
      body: ShopCarouselCreateSchema,
      values: async ({ startTime, endTime, linkType, linkId, linkUrl, ...body }, { db, scope: scenicId }) => {
        await checkLinkTarget(db, scenicId, linkType, linkId);
        return {
          ...body,
          ...linkValues(linkType, linkId, linkUrl),
          startAt: toDate(startTime),
          endAt: toDate(endTime),
          scenicId,
        };
      },
    },
    update: {
      summary: 'Edit a banner; only the fields sent change; link and window are checked on the merged banner',
      body: ShopCarouselUpdateSchema,
      values: ({ startTime, endTime, linkType, linkId, linkUrl, ...body }) =>
        noUndefined({
          ...body,
          ...linkValues(linkType, linkId, linkUrl),
          startAt: toDate(startTime),
          endAt: toDate(endTime),
        }),
      guard: async (before, body, { tx }) => {
        const merged = {
          linkType: body.linkType ?? before.linkType,
          linkId: body.linkId !== undefined ? body.linkId : before.linkId,
          linkUrl: body.linkUrl ?? before.linkUrl,
          startTime: body.startTime !== undefined ? body.startTime : iso(before.startAt),
          endTime: body.endTime !== undefined ? body.endTime : iso(before.endAt),
        };
        const missing = linkIssue(merged);
        if (missing) throw new FieldError(missing, ValidationMessage.required);
        if (windowIssue(merged)) throw new FieldError('endTime', ValidationMessage.endAfterStart);
        if (body.linkType !== undefined || body.linkId !== undefined)
          await checkLinkTarget(tx, before.scenicId, merged.linkType, merged.linkId);
      },
    },
    delete: { summary: 'Delete a banner' },
    status: {
      summary: 'Enable (1) or disable (2) banners; all or none change',
      body: ShopCarouselStatusSchema,
    },
  });

  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = root.ctx;
  app.get(
    shopCarouselApi.articles,
    {
      config: { access: shopPerm('shop:carousel:page') },
      schema: {
        tags: ['shop'],
        summary:
          'The banner link picker’s articles: the area’s published articles, newest first (50 at most; `title` narrows), and the chosen one (`id`)',
        querystring: ShopArticleQuerySchema,
        response: { 200: envelopeSchema(z.array(ShopArticleOptionSchema)) },
      },
    },
    async (req) => {
      const rows = await db
        .select({ id: scenicArticles.id, title: scenicArticles.title })
        .from(scenicArticles)
        .where(
          and(
            eq(scenicArticles.scenicId, scenicScope(req)),
            or(
              and(
                eq(scenicArticles.state, CONTENT_STATE.published),
                req.query.title ? ilike(scenicArticles.title, likeContains(req.query.title)) : undefined,
              ),
              req.query.id ? eq(scenicArticles.id, req.query.id) : undefined,
            ),
          ),
        )
        // the chosen one first, so the limit never leaves it out
        .orderBy(
          ...(req.query.id ? [sql`${scenicArticles.id} = ${req.query.id} desc`] : []),
          desc(scenicArticles.publishedAt),
          desc(scenicArticles.id),
        )
        .limit(50);
      return ok(req, rows);
    },
  );
}

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

function registerHomeModules(root: FastifyInstance) {
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

/** docs/product.md §2 /shop/goodServe, /shop/serveModel, /shop/carousel and /shop/homeModule. */
export async function shopContentRoutes(root: FastifyInstance) {
  registerServices(root);
  registerServeModels(root);
  registerCarousels(root);
  registerHomeModules(root);
}
