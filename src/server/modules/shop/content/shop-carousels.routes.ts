import { and, asc, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema } from '../../../../shared/api/common.ts';
import {
  linkIssue,
  ShopArticleOptionSchema,
  ShopArticleQuerySchema,
  shopCarouselApi,
  ShopCarouselCreateSchema,
  ShopCarouselPageSchema,
  ShopCarouselRowSchema,
  ShopCarouselStatusSchema,
  ShopCarouselUpdateSchema,
  windowIssue,
  type ShopCarouselPage,
  type ShopCarouselRow,
} from '../../../../shared/api/shop-content.ts';
import { ValidationMessage } from '../../../../shared/api/validation-messages.ts';
import { CONTENT_STATE } from '../../../../shared/dict/content.ts';
import { CAROUSEL_LINK, ShopContentText } from '../../../../shared/dict/shop-content.ts';
import type { Db } from '../../../db/client.ts';
import { scenicScope } from '../../../http/access.ts';
import { ok } from '../../../http/envelope.ts';
import { FieldError } from '../../../http/errors.ts';
import { registerListResource } from '../../../http/list-resource.ts';
import { likeContains } from '../../../http/paging.ts';
import { scenicArticles } from '../../content/index.ts';
import { CAROUSEL_EXPORT } from './shop-content.export.ts';
import { shopPerm } from '../shop-access.ts';
import { ShopContentFieldReason } from './shop-content.messages.ts';
import { shopCarousels } from '../shop-content.table.ts';
import { shopGoods } from '../shop.table.ts';
import { audited, iso, noUndefined, times, toDate } from './shop-content.common.ts';

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

/** docs/product.md §2 /shop/carousel: the mini-program's banners. */
export async function shopCarouselRoutes(root: FastifyInstance) {
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
  // hand-registered: a read for a form's picker, not a list resource
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
