import { and, count, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelopeSchema, pageResultSchema } from '../../../../shared/api/common.ts';
import {
  shopGoodApi,
  ShopSkuSchema,
  ShopStockAdjustSchema,
  ShopStockMovePageSchema,
  ShopStockMoveRowSchema,
} from '../../../../shared/api/shop.ts';
import { type StockMoveReasonCode } from '../../../../shared/dict/shop.ts';
import { scenicScope } from '../../../http/access.ts';
import { audited, registerAction } from '../../../http/action.ts';
import { ok } from '../../../http/envelope.ts';
import { AppError } from '../../../http/errors.ts';
import { writeAudit } from '../../audit/index.ts';
import { admins } from '../../accounts/index.ts';
import { shopPerm } from '../shop-access.ts';
import { moveStock } from './shop-goods.service.ts';
import { shopOrders, shopSkus, shopStockMoves } from '../shop.table.ts';

/** The stock of the goods of /shop/good: adjusting a SKU's stock with a reason, and the stock ledger. */
export async function shopStockRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = root.ctx;

  registerAction(root, {
    url: shopGoodApi.stock,
    access: shopPerm('shop:good:stock'),
    tag: 'shop',
    summary: 'Adjust the stock of a SKU with a reason: written to the stock ledger; never below 0 (409)',
    body: ShopStockAdjustSchema,
    response: ShopSkuSchema,
    audit: { write: writeAudit, module: 'shop', action: 'stock', targetType: 'shopGoods' },
    run: async (tx, { scenicId, adminId, skuId, delta, reason, note }) => {
      const [before] = await tx
        .select()
        .from(shopSkus)
        .where(and(eq(shopSkus.id, skuId), eq(shopSkus.scenicId, scenicId)));
      if (!before) throw new AppError(404, 'shopSkuNotFound');
      const moved = await moveStock(tx, {
        scenicId,
        skuId,
        delta,
        reason: reason as StockMoveReasonCode,
        note,
        adminId,
      });
      const sku = {
        id: before.id,
        specValues: before.specValues,
        code: before.code,
        image: before.image,
        price: before.price,
        originalPrice: before.originalPrice,
        stock: moved.stock,
      };
      return audited(sku, {
        targetId: moved.goodsId,
        before: { skuId, stock: before.stock },
        after: { skuId, stock: moved.stock, delta, reason, note },
      });
    },
  });

  // hand-registered: a read that is not a list resource
  app.post(
    shopGoodApi.stockMoves,
    {
      config: { access: shopPerm('shop:good:page') },
      schema: {
        tags: ['shop'],
        summary: 'The stock ledger of a goods item (newest first), optionally of one SKU',
        body: ShopStockMovePageSchema,
        response: { 200: envelopeSchema(pageResultSchema(ShopStockMoveRowSchema)) },
      },
    },
    async (req) => {
      const scenicId = scenicScope(req);
      const { goodsId, skuId, page, limit } = req.body;
      const where = and(
        eq(shopStockMoves.scenicId, scenicId),
        eq(shopStockMoves.goodsId, goodsId),
        skuId ? eq(shopStockMoves.skuId, skuId) : undefined,
      );
      const [total] = await db.select({ n: count() }).from(shopStockMoves).where(where);
      const rows = await db
        .select({
          id: shopStockMoves.id,
          skuId: shopStockMoves.skuId,
          specValues: shopSkus.specValues,
          delta: shopStockMoves.delta,
          stockAfter: shopStockMoves.stockAfter,
          reason: shopStockMoves.reason,
          note: shopStockMoves.note,
          orderNo: shopOrders.orderNo,
          operator: admins.nickname,
          createdAt: shopStockMoves.createdAt,
        })
        .from(shopStockMoves)
        .innerJoin(shopSkus, eq(shopSkus.id, shopStockMoves.skuId))
        .leftJoin(shopOrders, eq(shopOrders.id, shopStockMoves.orderId))
        .leftJoin(admins, eq(admins.id, shopStockMoves.adminId))
        .where(where)
        .orderBy(desc(shopStockMoves.id))
        .limit(limit)
        .offset((page - 1) * limit);
      return ok(req, {
        total: total?.n ?? 0,
        rows: rows.map(({ createdAt, ...r }) => ({ ...r, createTime: createdAt.toISOString() })),
      });
    },
  );
}
