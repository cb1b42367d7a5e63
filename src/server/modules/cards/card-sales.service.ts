import { and, eq, sql } from 'drizzle-orm';
import { CARD_ORDER_PAY_MINUTES } from '../../../shared/api/card-sales.ts';
import type { CardHolder } from '../../../shared/api/cards.ts';
import { CARD_ORDER_STATUS, CARD_PAY_WAY_CODE, type CardSaleSourceCode } from '../../../shared/dict/cards.ts';
import { BALANCE_OP } from '../../../shared/dict/members.ts';
import { PAY_WAY_MEMBER_BALANCE } from '../../../shared/dict/order.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { AppError, FieldError } from '../../http/errors.ts';
import { areaTimeZone } from '../../lib/area-clock.ts';
import { recordAudit, type AuditActor } from '../audit/index.ts';
import { quoteCoupon, releaseCoupon, reserveCoupon, spendCoupon } from '../coupons/index.ts';
import { debitBalance } from '../members/index.ts';
import { activateCard, checkHolder, newCardNo, newCardOrderNo } from './card-issue.service.ts';
import { queueCardMessage } from './card-messages.ts';
import { transitionCardOrder } from './card-order-state.ts';
import { cardOrders, cards, type Card, type CardOrder } from './card-orders.table.ts';
import { CardFieldReason } from './cards.messages.ts';
import { cardKinds, type CardKind } from './cards.table.ts';

/**
 * Cards sold through the selling and member APIs (docs/domain.md "Travel card" C1-C4): placed
 * unpaid to be paid online (C1), or paid at once (C2: a channel's cash, POS or on account, the
 * member's balance); the provider's payment confirms an unpaid one (C3, card-pay-target.ts); the
 * buyer or the deadline job cancels one not paid (C4). Each move is a compare-and-set with its audit
 * row, in the caller's transaction.
 */

/** Who sells: the §9 sale source the kind must list, the client and member whose order it is. */
export interface CardSeller {
  scenicId: number;
  source: CardSaleSourceCode;
  /** the selling client (its orders only); null from the back office */
  clientId: string | null;
  memberId: number | null;
  /** a distributor's account selling through its own client */
  adminId: number | null;
  actor: AuditActor;
}

export interface CardPlace {
  kindId: number;
  buyer: { name: string; phone: string };
  /** paid at once (C2): a reported pay way (1, 99, 98) or the member's balance (9); absent: C1 */
  payWay?: number | undefined;
  holder?: CardHolder | undefined;
  memberCouponId?: number | undefined;
}

/** The kind of the area on shelf (else 400 naming kindId) and sold through `source` (else 409). */
export async function kindOnSale(
  db: Db,
  scenicId: number,
  kindId: number,
  source: CardSaleSourceCode,
): Promise<CardKind> {
  const [kind] = await db
    .select()
    .from(cardKinds)
    .where(and(eq(cardKinds.id, kindId), eq(cardKinds.scenicId, scenicId)));
  if (!kind || kind.status !== 1) throw new FieldError('kindId', CardFieldReason.kindNotOnSale);
  if (!kind.channels.includes(source)) throw new AppError(409, 'cardNotSoldBySource');
  return kind;
}

/**
 * docs/domain.md "Coupons on cards": a general coupon (use 0) of all products takes its discount off
 * the price; one for tickets or the shop, or for chosen tickets, does not (409). Quoted by coupons'
 * own rules (holder, validity, minimum spend) and reserved under the order number; at least a cent
 * is left to pay (a payment of 0 could never be refunded).
 */
async function takeCardCoupon(
  tx: Db,
  input: {
    scenicId: number;
    memberId: number;
    memberCouponId: number;
    orderNo: string;
    price: number;
    now: Date;
  },
): Promise<number> {
  const [held] = await queryRows<{ use_type: number; scope: number }>(
    tx,
    sql`select c.use_type, c.scope from member_coupons mc join coupons c on c.id = mc.coupon_id
        where mc.id = ${input.memberCouponId} and mc.scenic_id = ${input.scenicId} and mc.member_id = ${input.memberId}`,
  );
  if (!held) throw new AppError(404, 'memberCouponNotFound');
  if (Number(held.use_type) !== 0 || Number(held.scope) !== 0)
    throw new AppError(409, 'cardCouponNotForCards');
  const quote = await quoteCoupon(tx, {
    scenicId: input.scenicId,
    memberId: input.memberId,
    memberCouponId: input.memberCouponId,
    lines: [{ productId: 0, price: input.price }],
    now: input.now,
    use: 'shop',
  });
  await reserveCoupon(tx, { ...input });
  return Math.max(0, Math.min(quote.total, input.price - 1));
}

/** The card of a paid order (not activated), and the buyer told (SMS template 4), in the caller's transaction. */
export async function issueCard(tx: Db, order: CardOrder, now: Date): Promise<Card> {
  const [card] = await tx
    .insert(cards)
    .values({
      scenicId: order.scenicId,
      cardNo: newCardNo(),
      orderId: order.id,
      kindId: order.kindId,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  await queueCardMessage(tx, order, { template: 4, amount: order.amount, at: now });
  return card!;
}

const audit = (tx: Db, actor: AuditActor, action: string, order: CardOrder, extra: object = {}) =>
  recordAudit(
    tx,
    { ...actor, scenicId: order.scenicId },
    {
      module: 'cards',
      action,
      targetType: 'cardOrder',
      targetId: order.id,
      after: { orderNo: order.orderNo, status: order.status, amount: order.amount, ...extra },
    },
  );

/**
 * C1 (no pay way: unpaid, `expires_at` 15 minutes ahead) or C2 (paid at once, its card issued and
 * the buyer told; with a holder activated too, C5) of a kind on sale to the seller's source. Pay way
 * 9 debits the member's balance by its guarded update in this transaction (409 when it is short).
 */
export async function placeCardOrder(
  tx: Db,
  seller: CardSeller,
  input: CardPlace,
  now = new Date(),
): Promise<{ order: CardOrder; card: Card | null }> {
  const kind = await kindOnSale(tx, seller.scenicId, input.kindId, seller.source);
  if (input.holder) checkHolder(kind, input.holder);
  const balance = input.payWay === PAY_WAY_MEMBER_BALANCE;
  if ((balance || input.memberCouponId != null) && seller.memberId == null)
    throw new AppError(400, 'couponNeedsMember');
  const orderNo = newCardOrderNo(now, await areaTimeZone(tx, seller.scenicId));
  const discount =
    input.memberCouponId == null
      ? 0
      : await takeCardCoupon(tx, {
          scenicId: seller.scenicId,
          memberId: seller.memberId!,
          memberCouponId: input.memberCouponId,
          orderNo,
          price: kind.price,
          now,
        });
  const amount = kind.price - discount;
  // nothing to pay (a kind of price 0): placed paid, as a redeemed code is
  const payWay = input.payWay ?? (amount === 0 ? CARD_PAY_WAY_CODE : undefined);
  const paid = payWay !== undefined;
  const [order] = await tx
    .insert(cardOrders)
    .values({
      scenicId: seller.scenicId,
      orderNo,
      kindId: kind.id,
      buyerName: input.buyer.name,
      buyerPhone: input.buyer.phone,
      source: seller.source,
      clientId: seller.clientId,
      memberId: seller.memberId,
      // unpaid: no pay way until the provider's payment (C3) names it
      payWay: payWay ?? null,
      amount,
      couponDiscount: discount,
      memberCouponId: input.memberCouponId ?? null,
      status: paid ? CARD_ORDER_STATUS.paid : CARD_ORDER_STATUS.unpaid,
      paidAt: paid ? now : null,
      expiresAt: paid ? null : new Date(now.getTime() + CARD_ORDER_PAY_MINUTES * 60_000),
      createdBy: seller.adminId,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  await audit(tx, seller.actor, paid ? 'cardOrder.C2' : 'cardOrder.C1', order!, { payWay: order!.payWay });
  if (!paid) return { order: order!, card: null };
  if (balance && amount > 0)
    await debitBalance(tx, {
      scenicId: seller.scenicId,
      memberId: seller.memberId!,
      operation: BALANCE_OP.consume,
      amount,
      reference: orderNo,
      remark: '',
    });
  if (input.memberCouponId != null)
    await spendCoupon(tx, {
      scenicId: seller.scenicId,
      memberCouponId: input.memberCouponId,
      orderNo,
      discount,
      now,
    });
  const card = await issueCard(tx, order!, now);
  if (!input.holder) return { order: order!, card };
  const activated = await activateCard(
    tx,
    { scenicId: seller.scenicId, id: card.id, holder: input.holder },
    now,
  );
  return { order: { ...order!, status: CARD_ORDER_STATUS.effective }, card: activated };
}

/**
 * C4: an unpaid order cancelled (by its buyer, `reason` cancelled; by the deadline job, timeout),
 * its coupon let go; 409 when it was paid or cancelled meanwhile. The caller asked the providers
 * first (settleBeforeCancel), outside this transaction.
 */
export async function cancelUnpaidCard(
  tx: Db,
  order: Pick<CardOrder, 'id' | 'scenicId' | 'orderNo'>,
  reason: 'cancelled' | 'timeout',
  actor: AuditActor,
  now = new Date(),
): Promise<CardOrder> {
  const after = await transitionCardOrder(tx, {
    id: order.id,
    transition: 'C4',
    from: CARD_ORDER_STATUS.unpaid,
    values: { reason },
    now,
  });
  await releaseCoupon(tx, { scenicId: order.scenicId, orderNo: order.orderNo });
  await audit(tx, actor, 'cardOrder.C4', after, { reason });
  return after;
}

/** A card order of the area by its number, locked for the rest of the transaction; 404 otherwise. */
export async function lockCardOrder(tx: Db, scenicId: number, orderNo: string): Promise<CardOrder> {
  const [order] = await tx
    .select()
    .from(cardOrders)
    .where(and(eq(cardOrders.scenicId, scenicId), eq(cardOrders.orderNo, orderNo)))
    .for('update');
  if (!order) throw new AppError(404, 'recordNotFound');
  return order;
}
