import crypto from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { ShopPlaceOrder, ShopPlacedOrder } from '../../../../shared/api/shop.ts';
import { SHELF, SHOP_ORDER_STATUS, SHOP_RULES, STOCK_MOVE } from '../../../../shared/dict/shop.ts';
import type { Db } from '../../../db/client.ts';
import { AppError, FieldError } from '../../../http/errors.ts';
import { areaDay, areaTimeZone } from '../../../lib/area-clock.ts';
import { quoteCoupon, reserveCoupon } from '../../coupons/index.ts';
import { moveStock } from '../catalog/shop-goods.service.ts';
import { ShopFieldReason } from '../shop.messages.ts';
import { shopGoods, shopOrderHistory, shopOrderLines, shopOrders, shopSkus } from '../shop.table.ts';

/** How long an unpaid shop order holds its stock (docs/decisions.md "Shop"). */
export const SHOP_PAY_MINUTES = SHOP_RULES.payMinutes;

/** 'S' + yyyyMMdd (the area's day) + 10 random digits. */
export function newShopOrderNo(now: Date, timeZone: string): string {
  const digits = crypto.randomInt(0, 10_000_000_000).toString().padStart(10, '0');
  return `S${areaDay(now, timeZone).replaceAll('-', '')}${digits}`;
}

/**
 * The member's coupon (use 0 or 2) on the goods' total: quoted (holder, validity, minimum spend),
 * then reserved under the order number (T1 of the coupons); answers the discount in cents.
 */
async function takeShopCoupon(
  tx: Db,
  input: {
    scenicId: number;
    memberId: number;
    memberCouponId: number;
    orderNo: string;
    goodsAmount: number;
    now: Date;
  },
): Promise<number> {
  try {
    const quote = await quoteCoupon(tx, {
      scenicId: input.scenicId,
      memberId: input.memberId,
      memberCouponId: input.memberCouponId,
      lines: [{ productId: 0, price: input.goodsAmount }],
      now: input.now,
      use: 'shop',
    });
    await reserveCoupon(tx, { ...input, now: input.now });
    // an order is paid with at least one cent (a payment of 0 is no payment: no refund could follow it)
    return Math.max(0, Math.min(quote.total, input.goodsAmount - 1));
  } catch (error) {
    // a coupon of tickets, or one limited to chosen tickets, covers no goods
    if (
      error instanceof AppError &&
      (error.msgKey === 'couponWrongUse' || error.msgKey === 'couponNoEligibleProduct')
    )
      throw new AppError(409, 'shopCouponNotForShop');
    throw error;
  }
}

/**
 * S1 (docs/domain.md): a member's order of SKUs on the shelf, in the caller's transaction. Each
 * SKU's stock is taken by a guarded decrement (`stock + delta >= 0` in the UPDATE) with its ledger
 * row, in SKU id order (two orders never wait on each other in opposite orders); when one SKU has
 * too few, the whole order is refused with 409 and nothing stays taken. The order waits for payment
 * until `expires_at`. Prices are the SKUs' at this moment.
 */
export async function placeShopOrder(
  tx: Db,
  input: ShopPlaceOrder & { scenicId: number; memberId: number; now?: Date },
): Promise<ShopPlacedOrder> {
  const now = input.now ?? new Date();
  const skuIds = input.lines.map((l) => l.skuId);
  const skus = await tx
    .select({ sku: shopSkus, goods: shopGoods })
    .from(shopSkus)
    .innerJoin(shopGoods, eq(shopGoods.id, shopSkus.goodsId))
    .where(and(inArray(shopSkus.id, skuIds), eq(shopSkus.scenicId, input.scenicId)));
  const lines = input.lines.map((line, i) => {
    const found = skus.find((s) => s.sku.id === line.skuId);
    if (!found) throw new FieldError(`lines.${i}.skuId`, ShopFieldReason.skuNotInArea);
    if (found.goods.status !== SHELF.on)
      throw new AppError(409, 'shopGoodsOffShelf', { params: { name: found.goods.name } });
    const specText = found.sku.specValues.join(' / ');
    return {
      skuId: found.sku.id,
      goodsId: found.goods.id,
      goodsName: found.goods.name,
      specText,
      image: found.sku.image || found.goods.cover,
      price: found.sku.price,
      quantity: line.quantity,
      amount: found.sku.price * line.quantity,
    };
  });
  const goodsAmount = lines.reduce((sum, l) => sum + l.amount, 0);
  const freight = 0;
  const expiresAt = new Date(now.getTime() + SHOP_PAY_MINUTES * 60_000);
  const orderNo = newShopOrderNo(now, await areaTimeZone(tx, input.scenicId));
  const memberCouponId = input.memberCouponId ?? null;
  const discount =
    memberCouponId == null
      ? 0
      : await takeShopCoupon(tx, { ...input, memberCouponId, orderNo, goodsAmount, now });
  const [order] = await tx
    .insert(shopOrders)
    .values({
      scenicId: input.scenicId,
      orderNo,
      memberId: input.memberId,
      status: SHOP_ORDER_STATUS.pendingPayment,
      goodsAmount,
      freight,
      discount,
      memberCouponId,
      payAmount: goodsAmount + freight - discount,
      receiverName: input.receiverName,
      receiverPhone: input.receiverPhone,
      receiverAddress: input.receiverAddress,
      remark: input.remark,
      expiresAt,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!order) throw new Error('insert returned no row');
  await tx
    .insert(shopOrderLines)
    .values(lines.map((l) => ({ ...l, scenicId: input.scenicId, orderId: order.id })));
  for (const line of [...lines].sort((a, b) => a.skuId - b.skuId)) {
    try {
      await moveStock(tx, {
        scenicId: input.scenicId,
        skuId: line.skuId,
        delta: -line.quantity,
        reason: STOCK_MOVE.orderPlaced,
        orderId: order.id,
      });
    } catch (error) {
      if (error instanceof AppError && error.msgKey === 'shopStockNotEnough')
        throw new AppError(409, 'shopSoldOut', {
          params: { name: line.goodsName, stock: Number(error.options.params?.stock ?? 0) },
        });
      throw error;
    }
  }
  await tx.insert(shopOrderHistory).values({
    scenicId: input.scenicId,
    orderId: order.id,
    transition: 'S1',
    fromStatus: null,
    toStatus: SHOP_ORDER_STATUS.pendingPayment,
    memberId: input.memberId,
  });
  return {
    orderNo: order.orderNo,
    status: order.status,
    goodsAmount,
    freight,
    discount,
    payAmount: order.payAmount,
    expiresAt: expiresAt.toISOString(),
    lines: lines.map(({ skuId, goodsName, specText, price, quantity, amount }) => ({
      skuId,
      goodsName,
      specText,
      price,
      quantity,
      amount,
    })),
  };
}
