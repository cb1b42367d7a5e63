import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema, IdSchema, pageResultSchema } from '../../../../shared/api/common.ts';
import {
  BrowseCategorySchema,
  BrowseGoodsCardSchema,
  BrowseGoodsDetailSchema,
  BrowseGoodsQuerySchema,
  shopBrowseApi,
} from '../../../../shared/api/shop-browse.ts';
import { MINI_PROGRAM, requireClient } from '../../../http/access.ts';
import { ok } from '../../../http/envelope.ts';
import { AppError } from '../../../http/errors.ts';
import { likeContains } from '../../../http/paging.ts';
import { shopCategories, shopGoods, shopServices, shopSkus } from '../shop.table.ts';
import { ENABLED, goodsCards, inCategory, minPrice, onSale, scenicHeader } from './shop-browse.query.ts';

// hand-registered (file): the mini-program's shop reads (its own client), not staff actions

/** The mini-program's shop, browsing (client token + X-Scenic-Id): categories, goods and one goods item. */
export async function shopBrowseRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = root.ctx;
  const tags = ['shop'];

  app.get(
    shopBrowseApi.categories,
    {
      config: { access: MINI_PROGRAM },
      schema: {
        tags,
        summary: 'The enabled categories of the area, two levels, by sort',
        headers: scenicHeader,
        response: { 200: envelopeSchema(z.array(BrowseCategorySchema)) },
      },
    },
    async (req) => {
      const all = await db
        .select()
        .from(shopCategories)
        .where(
          and(eq(shopCategories.scenicId, requireClient(req).scenicId), eq(shopCategories.status, ENABLED)),
        )
        .orderBy(asc(shopCategories.sort), asc(shopCategories.id));
      return ok(
        req,
        all
          .filter((c) => c.parentId === null)
          .map((c) => ({
            id: c.id,
            name: c.name,
            icon: c.icon,
            children: all
              .filter((k) => k.parentId === c.id)
              .map((k) => ({ id: k.id, name: k.name, icon: k.icon })),
          })),
      );
    },
  );

  app.post(
    shopBrowseApi.goods,
    {
      config: { access: MINI_PROGRAM },
      schema: {
        tags,
        summary:
          'Goods on the shelf (in enabled categories), paged; a top-level category includes its children',
        headers: scenicHeader,
        body: BrowseGoodsQuerySchema,
        response: { 200: envelopeSchema(pageResultSchema(BrowseGoodsCardSchema)) },
      },
    },
    async (req) => {
      const q = req.body;
      const where = and(
        onSale(requireClient(req).scenicId),
        q.categoryId ? inCategory(q.categoryId) : undefined,
        q.name ? sql`${shopGoods.name} ilike ${likeContains(q.name)}` : undefined,
      )!;
      const direction = q.order === 'desc' ? desc : asc;
      const first =
        q.sort === 'sales'
          ? direction(shopGoods.sales)
          : q.sort === 'price'
            ? direction(minPrice)
            : q.sort === 'createTime'
              ? direction(shopGoods.createdAt)
              : asc(shopGoods.sort);
      const [total] = await db.select({ n: count() }).from(shopGoods).where(where);
      const rows = await goodsCards(db, where, {
        order: [first, desc(shopGoods.id)],
        limit: q.limit,
        offset: (q.page - 1) * q.limit,
      });
      return ok(req, { rows, total: total?.n ?? 0 });
    },
  );

  app.get(
    shopBrowseApi.goodsDetail,
    {
      config: { access: MINI_PROGRAM },
      schema: {
        tags,
        summary:
          'One goods item on the shelf with its gallery, details, effective services and SKUs (404 otherwise)',
        headers: scenicHeader,
        querystring: z.object({ id: IdSchema }).strict(),
        response: { 200: envelopeSchema(BrowseGoodsDetailSchema) },
      },
    },
    async (req) => {
      const scenicId = requireClient(req).scenicId;
      const where = and(onSale(scenicId), eq(shopGoods.id, req.query.id))!;
      const [card] = await goodsCards(db, where);
      const [goods] = await db.select().from(shopGoods).where(where);
      if (!card || !goods) throw new AppError(404, 'shopGoodsNotFound');
      const skus = await db
        .select()
        .from(shopSkus)
        .where(eq(shopSkus.goodsId, goods.id))
        .orderBy(asc(shopSkus.sort), asc(shopSkus.id));
      const services = goods.serviceIds.length
        ? await db
            .select({ id: shopServices.id, name: shopServices.name, description: shopServices.description })
            .from(shopServices)
            .where(
              and(
                inArray(shopServices.id, goods.serviceIds),
                eq(shopServices.scenicId, scenicId),
                eq(shopServices.status, 1),
              ),
            )
            .orderBy(asc(shopServices.sort), asc(shopServices.id))
        : [];
      return ok(req, {
        ...card,
        categoryId: goods.categoryId,
        gallery: goods.gallery,
        detail: goods.detail,
        services,
        specs: goods.specs,
        skus: skus.map((s) => ({
          id: s.id,
          specValues: s.specValues,
          image: s.image,
          price: s.price,
          originalPrice: s.originalPrice,
          stock: s.stock,
        })),
      });
    },
  );
}
