import { eq, sql } from 'drizzle-orm';
import type {
  ShopMerchantRefund,
  ShopOrderMoved,
  ShopReview,
  ShopShip,
} from '../../../../shared/api/shop-orders.ts';
import { SHOP_ORDER_STATUS as S, SHOP_RULES, STOCK_MOVE } from '../../../../shared/dict/shop.ts';
import type { Db } from '../../../db/client.ts';
import { AppError, FieldError } from '../../../http/errors.ts';
import { releaseCoupon } from '../../coupons/index.ts';
import {
  linesOf,
  lockShopOrder,
  movedOf,
  refundLinesOf,
  reloadShopOrder,
  restock,
  restockWhole,
  type ShopOrderRef,
} from './shop-order-common.ts';
import { transitionShopOrder } from './shop-order-state.service.ts';
import { refundShopOrder } from './shop-refund.service.ts';
import { ShopFieldReason } from '../shop.messages.ts';
import { shopReviews, shopShipments, type ShopOrder } from '../shop.table.ts';

const DAY = 86_400_000;

/** Who acts: a staff account, the buyer, or a job (neither). */
export interface ShopActor {
  adminId?: number | null;
  memberId?: number | null;
  now?: Date;
}

/** S3 (the buyer) or S4 (staff, the expiry job): the unpaid order lets go of its stock (reason 6) and coupon. */
export async function cancelUnpaid(
  tx: Db,
  order: ShopOrder,
  transition: 'S3' | 'S4',
  actor: ShopActor & { reason?: string },
): Promise<void> {
  await transitionShopOrder(tx, {
    scenicId: order.scenicId,
    orderId: order.id,
    transition,
    to: transition === 'S3' ? S.userCancelled : S.systemCancelled,
    adminId: actor.adminId ?? null,
    memberId: actor.memberId ?? null,
    note: actor.reason ?? '',
    extra: sql`close_reason = ${actor.reason ?? ''}`,
  });
  await restockWhole(tx, order, actor.adminId ?? null);
  if (order.memberCouponId != null)
    await releaseCoupon(tx, { scenicId: order.scenicId, orderNo: order.orderNo });
}

/** The buyer cancels an unpaid order (S3). */
export async function cancelByMember(
  tx: Db,
  ref: ShopOrderRef & { memberId: number },
): Promise<ShopOrderMoved> {
  const order = await lockShopOrder(tx, ref);
  await cancelUnpaid(tx, order, 'S3', { memberId: ref.memberId });
  return movedOf(await reloadShopOrder(tx, order.id));
}

/** S9 then S10 at once: received now, the after-sales and review windows start. */
export async function confirmReceived(tx: Db, order: ShopOrder, actor: ShopActor): Promise<void> {
  const now = actor.now ?? new Date();
  const afterSaleUntil = new Date(now.getTime() + SHOP_RULES.afterSaleDays * DAY);
  const reviewUntil = new Date(now.getTime() + SHOP_RULES.reviewDays * DAY);
  const who = { adminId: actor.adminId ?? null, memberId: actor.memberId ?? null };
  await transitionShopOrder(tx, {
    scenicId: order.scenicId,
    orderId: order.id,
    transition: 'S9',
    to: S.received,
    ...who,
    note: actor.memberId == null ? 'auto' : '',
    extra: sql`received_at = ${now}, after_sale_until = ${afterSaleUntil}, review_until = ${reviewUntil}`,
  });
  await transitionShopOrder(tx, {
    scenicId: order.scenicId,
    orderId: order.id,
    transition: 'S10',
    to: S.pendingReview,
    ...who,
  });
}

/**
 * The buyer confirms receipt: S9 + S10 from 301; from 204 (a rejected request) the normal flow
 * resumes by S17 where the status before the request allows it (302 → 401).
 */
export async function confirmByMember(
  tx: Db,
  ref: ShopOrderRef & { memberId: number },
  now?: Date,
): Promise<ShopOrderMoved> {
  const order = await lockShopOrder(tx, ref);
  if (order.status === S.refundRejected)
    await transitionShopOrder(tx, {
      scenicId: order.scenicId,
      orderId: order.id,
      transition: 'S17',
      to: S.pendingReview,
      memberId: ref.memberId,
    });
  else await confirmReceived(tx, order, { memberId: ref.memberId, ...(now ? { now } : {}) });
  return movedOf(await reloadShopOrder(tx, order.id));
}

/** S6 (201 → 301), or S17 from 204 when the order was 201 before the rejected request: a shipment row. */
export async function shipOrder(
  tx: Db,
  input: ShopShip & { scenicId: number; adminId: number | null },
): Promise<ShopOrderMoved> {
  const order = await lockShopOrder(tx, { scenicId: input.scenicId, id: input.id });
  await transitionShopOrder(tx, {
    scenicId: order.scenicId,
    orderId: order.id,
    transition: order.status === S.refundRejected ? 'S17' : 'S6',
    to: S.shipped,
    adminId: input.adminId,
    note: `${input.carrier} ${input.trackingNo}`,
    extra: sql`shipped_at = now()`,
  });
  await tx.insert(shopShipments).values({
    scenicId: order.scenicId,
    orderId: order.id,
    carrier: input.carrier,
    trackingNo: input.trackingNo,
    adminId: input.adminId,
  });
  return movedOf(await reloadShopOrder(tx, order.id));
}

/**
 * Staff close: an unpaid order is cancelled (S4, stock and coupon back); a cancelled or refunded one
 * is archived (S23). Anything else: 409.
 */
export async function closeOrder(
  tx: Db,
  input: { scenicId: number; id: number; reason: string; adminId: number | null },
): Promise<ShopOrderMoved> {
  const order = await lockShopOrder(tx, input);
  if (order.status === S.pendingPayment)
    await cancelUnpaid(tx, order, 'S4', { adminId: input.adminId, reason: input.reason });
  else
    await transitionShopOrder(tx, {
      scenicId: order.scenicId,
      orderId: order.id,
      transition: 'S23',
      to: S.closed,
      adminId: input.adminId,
      note: input.reason,
      extra: sql`closed_at = now(), close_reason = ${input.reason}`,
    });
  return movedOf(await reloadShopOrder(tx, order.id));
}

const REFUNDABLE_IN_PLACE: readonly number[] = [
  S.pendingShipment,
  S.shipped,
  S.received,
  S.pendingReview,
  S.reviewed,
];

/**
 * Merchant refund. Without lines: the whole of a paid, unshipped order (S8 → 205, its pieces back
 * on the shelf, reason 6; S18 → 203 when the refund is done). With lines: a partial refund that
 * keeps the order's status (201 puts the pieces back; after shipment the goods stay with the buyer),
 * refused while an after-sales request is open and when it would take everything left.
 */
export async function merchantRefund(
  tx: Db,
  input: ShopMerchantRefund & { scenicId: number; adminId: number | null },
): Promise<ShopOrderMoved> {
  const order = await lockShopOrder(tx, { scenicId: input.scenicId, id: input.id });
  const lines = await linesOf(tx, order.id);
  const unshipped = order.status === S.pendingShipment;
  if (!input.lines) {
    await transitionShopOrder(tx, {
      scenicId: order.scenicId,
      orderId: order.id,
      transition: 'S8',
      to: S.refunding,
      adminId: input.adminId,
      note: input.reason,
    });
    const whole = refundLinesOf(order, lines, undefined);
    await restock(tx, order, lines, whole.lines, STOCK_MOVE.orderCancelled, input.adminId);
    await refundShopOrder(tx, order, { ...whole, reason: input.reason, adminId: input.adminId });
  } else {
    if (!REFUNDABLE_IN_PLACE.includes(order.status)) throw new AppError(409, 'shopTransitionNotAllowed');
    const part = refundLinesOf(order, lines, input.lines);
    if (part.all) throw new FieldError('lines', ShopFieldReason.partialCoversAll);
    if (unshipped) await restock(tx, order, lines, part.lines, STOCK_MOVE.orderCancelled, input.adminId);
    await refundShopOrder(tx, order, { ...part, reason: input.reason, adminId: input.adminId });
  }
  return movedOf(await reloadShopOrder(tx, order.id));
}

/**
 * S20: the buyer reviews a received order once, inside the review window (from 204 when the order
 * was 401 before the rejected request: S17 to 402).
 */
export async function reviewOrder(
  tx: Db,
  input: ShopReview & { scenicId: number; memberId: number; now?: Date },
): Promise<ShopOrderMoved> {
  const order = await lockShopOrder(tx, input);
  const [existing] = await tx
    .select({ id: shopReviews.id })
    .from(shopReviews)
    .where(eq(shopReviews.orderId, order.id));
  if (existing) throw new AppError(409, 'shopReviewExists');
  if (order.reviewUntil && (input.now ?? new Date()) > order.reviewUntil)
    throw new AppError(409, 'shopReviewWindowClosed');
  await transitionShopOrder(tx, {
    scenicId: order.scenicId,
    orderId: order.id,
    transition: order.status === S.refundRejected ? 'S17' : 'S20',
    to: S.reviewed,
    memberId: input.memberId,
  });
  await tx.insert(shopReviews).values({
    scenicId: order.scenicId,
    orderId: order.id,
    memberId: input.memberId,
    rating: input.rating,
    content: input.content,
    photos: input.photos,
  });
  return movedOf(await reloadShopOrder(tx, order.id));
}
