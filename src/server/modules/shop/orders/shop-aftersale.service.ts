import crypto from 'node:crypto';
import { and, eq, isNull, max, sql } from 'drizzle-orm';
import type { ShopAfterSaleRequest, ShopAftersaleMoved } from '../../../../shared/api/shop-orders.ts';
import {
  AFTER_SALE_STATUS as AS,
  AFTER_SALE_TYPE,
  SHOP_ORDER_STATUS as S,
  SHOP_RULES,
  STOCK_MOVE,
  type ShopOrderStatusCode,
} from '../../../../shared/dict/shop.ts';
import type { Db } from '../../../db/client.ts';
import { AppError, FieldError } from '../../../http/errors.ts';
import { linesOf, lockShopOrder, refundLinesOf, reloadShopOrder, restock } from './shop-order-common.ts';
import { transitionShopOrder } from './shop-order-state.service.ts';
import { refundShopOrder } from './shop-refund.service.ts';
import { ShopFieldReason } from '../shop.messages.ts';
import { shopAftersales, type ShopOrder } from '../shop.table.ts';

/**
 * After-sales requests (docs/domain.md "Refund request / after-sales"): asked by the buyer (S7
 * before shipment, refund only; S12 after receipt inside the window; S16 again after a rejection,
 * up to SHOP_RULES.maxAttempts), withdrawn (S15), and decided by staff: a return's goods received
 * (restocked once, reason 7), approved (S13, the refund made at once) or rejected (S14). Lines and
 * amount are frozen when asked. Each write locks the order first, then changes the request by
 * compare-and-set on its status, so two staff deciding one request at once make one refund.
 */

type Aftersale = typeof shopAftersales.$inferSelect;

const newRequestNo = () => `A${Date.now()}${crypto.randomInt(0, 1_000_000).toString().padStart(6, '0')}`;

const movedOf = (a: Aftersale, order: ShopOrder): ShopAftersaleMoved => ({
  id: a.id,
  requestNo: a.requestNo,
  type: a.type,
  status: a.status,
  amount: a.amount,
  attempt: a.attempt,
  goodsReceivedTime: a.goodsReceivedAt?.toISOString() ?? null,
  orderNo: order.orderNo,
  orderStatus: order.status,
});

/** S7 / S12 / S16: the buyer asks for a refund of some lines (default: everything not refunded yet). */
export async function requestAfterSale(
  tx: Db,
  input: ShopAfterSaleRequest & { scenicId: number; memberId: number; now?: Date },
): Promise<ShopAftersaleMoved> {
  const now = input.now ?? new Date();
  const order = await lockShopOrder(tx, input);
  const [open] = await tx
    .select({ id: shopAftersales.id })
    .from(shopAftersales)
    .where(and(eq(shopAftersales.orderId, order.id), eq(shopAftersales.status, AS.requested)));
  if (open) throw new AppError(409, 'shopAfterSaleOpen');
  const [prior] = await tx
    .select({ n: max(shopAftersales.attempt) })
    .from(shopAftersales)
    .where(and(eq(shopAftersales.orderId, order.id), sql`${shopAftersales.status} <> ${AS.withdrawn}`));
  const attempts = Number(prior?.n ?? 0);
  let transition: 'S7' | 'S12' | 'S16';
  // where the order stands in its fulfilment (for S16, where it stood before the first request)
  let stage: number;
  if (order.status === S.pendingShipment) [transition, stage] = ['S7', S.pendingShipment];
  else if (([S.received, S.pendingReview, S.reviewed] as number[]).includes(order.status))
    [transition, stage] = ['S12', order.status];
  else if (order.status === S.refundRejected && order.statusBeforeRefund != null)
    [transition, stage] = ['S16', order.statusBeforeRefund];
  else throw new AppError(409, 'shopTransitionNotAllowed');
  // the cap counts every request of the order but withdrawn ones (also after S17 resumed the flow)
  if (attempts >= SHOP_RULES.maxAttempts)
    throw new AppError(409, 'shopAttemptsExhausted', { params: { max: SHOP_RULES.maxAttempts } });
  if (stage !== S.pendingShipment && (!order.afterSaleUntil || now > order.afterSaleUntil))
    throw new AppError(409, 'shopAfterSaleWindowClosed');
  if (stage === S.pendingShipment && input.type !== AFTER_SALE_TYPE.refundOnly)
    throw new FieldError('type', ShopFieldReason.refundOnlyBeforeShipment);
  const lines = await linesOf(tx, order.id);
  const asked = refundLinesOf(order, lines, input.lines);
  await transitionShopOrder(tx, {
    scenicId: order.scenicId,
    orderId: order.id,
    transition,
    to: S.refundRequested,
    memberId: input.memberId,
    note: input.reason,
  });
  const [created] = await tx
    .insert(shopAftersales)
    .values({
      scenicId: order.scenicId,
      requestNo: newRequestNo(),
      orderId: order.id,
      memberId: input.memberId,
      type: input.type,
      statusBeforeRefund: stage,
      reason: input.reason,
      photos: input.photos,
      lines: asked.lines,
      amount: asked.amount,
      attempt: attempts + 1,
      returnCarrier: input.returnCarrier,
      returnTrackingNo: input.returnTrackingNo,
    })
    .returning();
  return movedOf(created!, await reloadShopOrder(tx, order.id));
}

/** S15: the buyer withdraws the open request; the order goes back to where it was. */
export async function withdrawAfterSale(
  tx: Db,
  input: { scenicId: number; memberId: number; orderNo: string },
): Promise<ShopAftersaleMoved> {
  const order = await lockShopOrder(tx, input);
  const [request] = await tx
    .update(shopAftersales)
    .set({ status: AS.withdrawn, updatedAt: new Date() })
    .where(and(eq(shopAftersales.orderId, order.id), eq(shopAftersales.status, AS.requested)))
    .returning();
  if (!request || order.statusBeforeRefund == null) throw new AppError(409, 'shopTransitionNotAllowed');
  await transitionShopOrder(tx, {
    scenicId: order.scenicId,
    orderId: order.id,
    transition: 'S15',
    to: order.statusBeforeRefund as ShopOrderStatusCode,
    memberId: input.memberId,
  });
  return movedOf(request, await reloadShopOrder(tx, order.id));
}

/** The request of the area, its order locked first (404 for another area's). */
async function lockRequest(
  tx: Db,
  scenicId: number,
  id: number,
): Promise<{ request: Aftersale; order: ShopOrder }> {
  const [found] = await tx
    .select({ orderId: shopAftersales.orderId })
    .from(shopAftersales)
    .where(and(eq(shopAftersales.id, id), eq(shopAftersales.scenicId, scenicId)));
  if (!found) throw new AppError(404, 'shopAfterSaleNotFound');
  const order = await lockShopOrder(tx, { scenicId, id: found.orderId });
  const [request] = await tx.select().from(shopAftersales).where(eq(shopAftersales.id, id));
  return { request: request!, order };
}

/** A return's goods came back: recorded once (compare-and-set), their pieces restocked (reason 7). */
export async function receiveReturn(
  tx: Db,
  input: { scenicId: number; id: number; adminId: number | null },
): Promise<ShopAftersaleMoved> {
  const { request, order } = await lockRequest(tx, input.scenicId, input.id);
  if (request.type !== AFTER_SALE_TYPE.returnRefund) throw new AppError(409, 'shopReturnNotNeeded');
  if (request.status !== AS.requested) throw new AppError(409, 'shopAfterSaleNotOpen');
  const [received] = await tx
    .update(shopAftersales)
    .set({ goodsReceivedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(shopAftersales.id, request.id), isNull(shopAftersales.goodsReceivedAt)))
    .returning();
  if (!received) throw new AppError(409, 'shopReturnAlreadyReceived');
  await restock(tx, order, await linesOf(tx, order.id), request.lines, STOCK_MOVE.returned, input.adminId);
  return movedOf(received, order);
}

/**
 * S13: approve (a return needs its goods back first), then the refund of the frozen lines and
 * amount is made at once; an unshipped order's pieces go back on the shelf (reason 6). S18 follows
 * when the refund is done, S19 when it failed.
 */
export async function approveAfterSale(
  tx: Db,
  input: { scenicId: number; id: number; note: string; adminId: number | null },
): Promise<ShopAftersaleMoved> {
  const { request, order } = await lockRequest(tx, input.scenicId, input.id);
  if (request.status !== AS.requested) throw new AppError(409, 'shopAfterSaleNotOpen');
  if (request.type === AFTER_SALE_TYPE.returnRefund && !request.goodsReceivedAt)
    throw new AppError(409, 'shopReturnNotReceived');
  const [approved] = await tx
    .update(shopAftersales)
    .set({ status: AS.approved, reviewerId: input.adminId, reviewedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(shopAftersales.id, request.id), eq(shopAftersales.status, AS.requested)))
    .returning();
  if (!approved) throw new AppError(409, 'shopAfterSaleNotOpen');
  await transitionShopOrder(tx, {
    scenicId: order.scenicId,
    orderId: order.id,
    transition: 'S13',
    to: S.refunding,
    adminId: input.adminId,
    note: input.note,
  });
  const lines = await linesOf(tx, order.id);
  if (request.statusBeforeRefund === S.pendingShipment)
    await restock(tx, order, lines, request.lines, STOCK_MOVE.orderCancelled, input.adminId);
  await refundShopOrder(tx, order, {
    lines: request.lines,
    amount: Math.min(request.amount, order.payAmount - order.refundedAmount),
    reason: request.reason,
    aftersaleId: request.id,
    adminId: input.adminId,
  });
  return movedOf(approved, await reloadShopOrder(tx, order.id));
}

/** S14: reject with a reason; the buyer may ask again (S16) or the normal flow resumes (S17). */
export async function rejectAfterSale(
  tx: Db,
  input: { scenicId: number; id: number; reason: string; adminId: number | null },
): Promise<ShopAftersaleMoved> {
  const { request, order } = await lockRequest(tx, input.scenicId, input.id);
  const [rejected] = await tx
    .update(shopAftersales)
    .set({
      status: AS.rejected,
      rejectReason: input.reason,
      reviewerId: input.adminId,
      reviewedAt: new Date(),
      updatedAt: new Date(),
    })
    .where(and(eq(shopAftersales.id, request.id), eq(shopAftersales.status, AS.requested)))
    .returning();
  if (!rejected) throw new AppError(409, 'shopAfterSaleNotOpen');
  await transitionShopOrder(tx, {
    scenicId: order.scenicId,
    orderId: order.id,
    transition: 'S14',
    to: S.refundRejected,
    adminId: input.adminId,
    note: input.reason,
  });
  return movedOf(rejected, await reloadShopOrder(tx, order.id));
}
