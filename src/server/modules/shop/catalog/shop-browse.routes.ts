import { and, asc, count, desc, eq, inArray, isNull, lte, gt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema, IdSchema, pageResultSchema } from '../../../../shared/api/common.ts';
import {
  BrowseCarouselQuerySchema,
  BrowseCarouselSchema,
  BrowseCategorySchema,
  BrowseGoodsCardSchema,
  BrowseGoodsDetailSchema,
  BrowseGoodsQuerySchema,
  BrowseModuleSchema,
  CART_LINES_MAX,
  CART_QUANTITY_MAX,
  CartAddSchema,
  CartRemoveSchema,
  CartSchema,
  CartUpdateSchema,
  shopBrowseApi,
  type BrowseGoodsCard,
  type BrowseModule,
  type Cart,
  type CartLine,
} from '../../../../shared/api/shop-content.ts';
import { SHELF } from '../../../../shared/dict/shop.ts';
import { CAROUSEL_LINK, HOME_MODULE_KIND } from '../../../../shared/dict/shop-content.ts';
import type { Db } from '../../../db/client.ts';
import { MEMBER, MINI_PROGRAM, requireClient } from '../../../http/access.ts';
import { ok } from '../../../http/envelope.ts';
import { AppError } from '../../../http/errors.ts';
import { likeContains } from '../../../http/paging.ts';
import { requireMember } from '../../members/index.ts';
import { shopCarousels, shopCartItems, shopHomeModules } from '../shop-content.table.ts';
import { shopCategories, shopGoods, shopServices, shopSkus } from '../shop.table.ts';

const ENABLED = 1;
const scenicHeader = z.object({ 'x-scenic-id': z.string().describe('The scenic area (required)') });
const memberHeaders = scenicHeader.extend({
  'x-member-token': z.string().describe('The member token from login'),
});

/** Goods the mini-program shows: on the shelf, filed under an enabled category whose parent (if any) is enabled. */
const onSale = (scenicId: number): SQL =>
  and(
    eq(shopGoods.scenicId, scenicId),
    eq(shopGoods.status, SHELF.on),
    sql`${shopGoods.categoryId} in (select c.id from shop_categories c
      left join shop_categories p on p.id = c.parent_id
      where c.scenic_id = ${scenicId} and c.status = 1 and (p.id is null or p.status = 1))`,
  )!;

/** A category and, for a top-level one, its children. */
const inCategory = (categoryId: number): SQL =>
  or(
    eq(shopGoods.categoryId, categoryId),
    sql`${shopGoods.categoryId} in (select id from shop_categories where parent_id = ${categoryId})`,
  )!;

/** A window that has begun and not ended at `now` (either end may be open). */
const inWindow = (start: PgColumn, end: PgColumn, now: Date) =>
  and(or(isNull(start), lte(start, now)), or(isNull(end), gt(end, now)));

const minPrice = sql<number>`min(${shopSkus.price})`.mapWith(Number);

/** Goods cards: the goods with their SKUs' price range and whether any is in stock. */
async function goodsCards(
  db: Db,
  where: SQL,
  options: { order?: SQL[]; limit?: number; offset?: number } = {},
): Promise<BrowseGoodsCard[]> {
  const query = db
    .select({
      id: shopGoods.id,
      name: shopGoods.name,
      subtitle: shopGoods.subtitle,
      cover: shopGoods.cover,
      sales: shopGoods.sales,
      minPrice,
      maxPrice: sql<number>`max(${shopSkus.price})`.mapWith(Number),
      stock: sql<number>`coalesce(sum(${shopSkus.stock}), 0)`.mapWith(Number),
    })
    .from(shopGoods)
    .innerJoin(shopSkus, eq(shopSkus.goodsId, shopGoods.id))
    .where(where)
    .groupBy(shopGoods.id)
    .orderBy(...(options.order ?? [asc(shopGoods.sort), desc(shopGoods.id)]))
    .$dynamic();
  if (options.limit !== undefined) query.limit(options.limit);
  if (options.offset !== undefined) query.offset(options.offset);
  const rows = await query;
  return rows.map(({ stock, ...r }) => ({ ...r, inStock: stock > 0 }));
}

/** The module's goods on sale: chosen ones in their order, or the category's first `goodsLimit` by sort. */
async function moduleGoods(db: Db, scenicId: number, m: typeof shopHomeModules.$inferSelect) {
  if (m.kind === HOME_MODULE_KIND.goods) {
    if (m.goodsIds.length === 0) return [];
    const cards = await goodsCards(db, and(onSale(scenicId), inArray(shopGoods.id, m.goodsIds))!);
    return m.goodsIds.flatMap((id) => cards.find((c) => c.id === id) ?? []);
  }
  if (!m.categoryId) return [];
  return goodsCards(db, and(onSale(scenicId), inCategory(m.categoryId))!, { limit: m.goodsLimit });
}

// ---- the cart ----

type Member = { scenicId: number; memberId: number };

async function cartOf(db: Db, { scenicId, memberId }: Member): Promise<Cart> {
  const rows = await db
    .select({ item: shopCartItems, sku: shopSkus, goods: shopGoods })
    .from(shopCartItems)
    .leftJoin(shopSkus, and(eq(shopSkus.id, shopCartItems.skuId), eq(shopSkus.scenicId, scenicId)))
    .leftJoin(shopGoods, eq(shopGoods.id, shopSkus.goodsId))
    .where(and(eq(shopCartItems.scenicId, scenicId), eq(shopCartItems.memberId, memberId)))
    .orderBy(desc(shopCartItems.id));
  const lines: CartLine[] = rows.map(({ item, sku, goods }) => {
    const unavailable =
      !sku || !goods ? 'gone' : goods.status !== SHELF.on ? 'offShelf' : sku.stock <= 0 ? 'soldOut' : null;
    return {
      skuId: item.skuId,
      goodsId: goods?.id ?? null,
      goodsName: goods?.name ?? item.goodsName,
      specText: sku ? sku.specValues.join(' / ') : item.specText,
      image: (sku?.image || goods?.cover) ?? '',
      price: sku?.price ?? 0,
      stock: sku?.stock ?? 0,
      // the stock may have fallen since the line was added
      quantity: sku && sku.stock > 0 ? Math.min(item.quantity, sku.stock) : item.quantity,
      available: unavailable === null,
      unavailable,
      addTime: item.createdAt.toISOString(),
    };
  });
  const total = lines.filter((l) => l.available).reduce((s, l) => s + l.price * l.quantity, 0);
  return { lines, total };
}

/** The SKU the member asks for: of the area (404), its goods on the shelf (409), in stock (409). */
async function saleableSku(db: Db, scenicId: number, skuId: number) {
  const [found] = await db
    .select({ sku: shopSkus, goods: shopGoods })
    .from(shopSkus)
    .innerJoin(shopGoods, eq(shopGoods.id, shopSkus.goodsId))
    .where(and(eq(shopSkus.id, skuId), eq(shopSkus.scenicId, scenicId)));
  if (!found) throw new AppError(404, 'shopSkuNotFound');
  if (found.goods.status !== SHELF.on)
    throw new AppError(409, 'shopGoodsOffShelf', { params: { name: found.goods.name } });
  if (found.sku.stock <= 0)
    throw new AppError(409, 'shopSoldOut', { params: { name: found.goods.name, stock: 0 } });
  return found;
}

/** The mini-program's shop: browsing (client token + X-Scenic-Id) and the member's cart (+ X-Member-Token). */
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

  app.get(
    shopBrowseApi.carousel,
    {
      config: { access: MINI_PROGRAM },
      schema: {
        tags,
        summary:
          'The enabled banners within their time window (one linking goods only while they are on sale), by sort (`display`: 1 carousel, 2 list)',
        headers: scenicHeader,
        querystring: BrowseCarouselQuerySchema,
        response: { 200: envelopeSchema(z.array(BrowseCarouselSchema)) },
      },
    },
    async (req) => {
      const scenicId = requireClient(req).scenicId;
      const rows = await db
        .select({
          id: shopCarousels.id,
          title: shopCarousels.title,
          image: shopCarousels.image,
          display: shopCarousels.display,
          linkType: shopCarousels.linkType,
          linkId: shopCarousels.linkId,
          linkUrl: shopCarousels.linkUrl,
        })
        .from(shopCarousels)
        .where(
          and(
            eq(shopCarousels.scenicId, scenicId),
            eq(shopCarousels.status, ENABLED),
            inWindow(shopCarousels.startAt, shopCarousels.endAt, new Date()),
            req.query.display ? eq(shopCarousels.display, req.query.display) : undefined,
            // a banner linking goods shows only while they are on sale (it would open nothing)
            or(
              ne(shopCarousels.linkType, CAROUSEL_LINK.goods),
              inArray(
                shopCarousels.linkId,
                db.select({ id: shopGoods.id }).from(shopGoods).where(onSale(scenicId)),
              ),
            ),
          ),
        )
        .orderBy(asc(shopCarousels.sort), desc(shopCarousels.id));
      return ok(req, rows);
    },
  );

  app.get(
    shopBrowseApi.modules,
    {
      config: { access: MINI_PROGRAM },
      schema: {
        tags,
        summary:
          'The home page: enabled modules within their window, by sort, each with its goods on sale (a module with none is left out)',
        headers: scenicHeader,
        response: { 200: envelopeSchema(z.array(BrowseModuleSchema)) },
      },
    },
    async (req) => {
      const scenicId = requireClient(req).scenicId;
      const modules = await db
        .select()
        .from(shopHomeModules)
        .where(
          and(
            eq(shopHomeModules.scenicId, scenicId),
            eq(shopHomeModules.status, ENABLED),
            inWindow(shopHomeModules.startAt, shopHomeModules.endAt, new Date()),
          ),
        )
        .orderBy(asc(shopHomeModules.sort), asc(shopHomeModules.id));
      const answer: BrowseModule[] = [];
      for (const m of modules) {
        const goods = await moduleGoods(db, scenicId, m);
        if (goods.length)
          answer.push({
            id: m.id,
            title: m.title,
            kind: m.kind,
            layout: m.layout,
            categoryId: m.categoryId,
            goods,
          });
      }
      return ok(req, answer);
    },
  );

  const cartReply = { 200: envelopeSchema(CartSchema) };

  app.get(
    shopBrowseApi.cart,
    {
      config: { access: MEMBER },
      schema: {
        tags,
        summary:
          'The member’s cart, newest first: a SKU gone, off the shelf or sold out is unavailable; quantities capped at the stock',
        headers: memberHeaders,
        response: cartReply,
      },
    },
    async (req) => ok(req, await cartOf(db, await requireMember(db, req))),
  );

  app.post(
    shopBrowseApi.cartAdd,
    {
      config: { access: MEMBER },
      schema: {
        tags,
        summary: `Add a SKU on sale to the cart (adds to its quantity, capped at the stock); ${CART_LINES_MAX} lines at most`,
        headers: memberHeaders,
        body: CartAddSchema,
        response: cartReply,
      },
    },
    async (req) => {
      const member = await requireMember(db, req);
      const { skuId, quantity } = req.body;
      const { sku, goods } = await saleableSku(db, member.scenicId, skuId);
      const cap = Math.min(sku.stock, CART_QUANTITY_MAX);
      await db.transaction(async (tx) => {
        // the member's lines are counted under a lock on the member row: two adds cannot pass the limit together
        await tx.execute(sql`select id from members where id = ${member.memberId} for update`);
        const [lines] = await tx
          .select({ n: count() })
          .from(shopCartItems)
          .where(and(eq(shopCartItems.memberId, member.memberId), sql`${shopCartItems.skuId} <> ${skuId}`));
        if ((lines?.n ?? 0) >= CART_LINES_MAX)
          throw new AppError(409, 'shopCartFull', { params: { max: CART_LINES_MAX } });
        await tx
          .insert(shopCartItems)
          .values({
            scenicId: member.scenicId,
            memberId: member.memberId,
            skuId,
            goodsId: goods.id,
            goodsName: goods.name,
            specText: sku.specValues.join(' / '),
            quantity: Math.min(quantity, cap),
          })
          .onConflictDoUpdate({
            target: [shopCartItems.memberId, shopCartItems.skuId],
            set: {
              quantity: sql`least(${shopCartItems.quantity} + ${quantity}, ${cap})`,
              updatedAt: new Date(),
            },
          });
      });
      return ok(req, await cartOf(db, member));
    },
  );

  app.post(
    shopBrowseApi.cartUpdate,
    {
      config: { access: MEMBER },
      schema: {
        tags,
        summary:
          'Set the quantity of a cart line (capped at the stock); 404 when not in the cart, 409 off shelf or sold out',
        headers: memberHeaders,
        body: CartUpdateSchema,
        response: cartReply,
      },
    },
    async (req) => {
      const member = await requireMember(db, req);
      const { skuId, quantity } = req.body;
      const mine = and(eq(shopCartItems.memberId, member.memberId), eq(shopCartItems.skuId, skuId));
      const [line] = await db.select({ id: shopCartItems.id }).from(shopCartItems).where(mine);
      if (!line) throw new AppError(404, 'shopCartLineNotFound');
      const { sku } = await saleableSku(db, member.scenicId, skuId);
      await db
        .update(shopCartItems)
        .set({ quantity: Math.min(quantity, sku.stock, CART_QUANTITY_MAX), updatedAt: new Date() })
        .where(mine);
      return ok(req, await cartOf(db, member));
    },
  );

  app.post(
    shopBrowseApi.cartRemove,
    {
      config: { access: MEMBER },
      schema: {
        tags,
        summary: 'Remove SKUs from the cart (those not in it are ignored)',
        headers: memberHeaders,
        body: CartRemoveSchema,
        response: cartReply,
      },
    },
    async (req) => {
      const member = await requireMember(db, req);
      await db
        .delete(shopCartItems)
        .where(
          and(eq(shopCartItems.memberId, member.memberId), inArray(shopCartItems.skuId, req.body.skuIds)),
        );
      return ok(req, await cartOf(db, member));
    },
  );
}
