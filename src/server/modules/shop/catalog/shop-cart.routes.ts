import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelopeSchema } from '../../../../shared/api/common.ts';
import {
  CART_LINES_MAX,
  CART_QUANTITY_MAX,
  CartAddSchema,
  CartRemoveSchema,
  CartSchema,
  CartUpdateSchema,
  shopBrowseApi,
  type Cart,
  type CartLine,
} from '../../../../shared/api/shop-browse.ts';
import { SHELF } from '../../../../shared/dict/shop.ts';
import type { Db } from '../../../db/client.ts';
import { MEMBER } from '../../../http/access.ts';
import { ok } from '../../../http/envelope.ts';
import { AppError } from '../../../http/errors.ts';
import { requireMember } from '../../members/index.ts';
import { shopCartItems } from '../shop-content.table.ts';
import { shopGoods, shopSkus } from '../shop.table.ts';
import { memberHeaders } from './shop-browse.query.ts';

// hand-registered (file): the member's calls from the mini-program (its own token), not staff actions

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

/** The member's cart in the mini-program (client token + X-Scenic-Id + X-Member-Token). */
export async function shopCartRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = root.ctx;
  const tags = ['shop'];

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
