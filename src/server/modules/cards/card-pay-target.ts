import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { CARD_ORDER_STATUS } from '../../../shared/dict/cards.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { translate } from '../../http/messages.ts';
import { recordAudit, SYSTEM, type AuditActor } from '../audit/index.ts';
import { spendCoupon } from '../coupons/index.ts';
import { orderOwner } from '../orders/index.ts';
import type { ConfirmedPayment, PayTarget } from '../payments/index.ts';
import { transitionCardOrder } from './card-order-state.ts';
import { cardOrders, cardRefunds, type CardOrder } from './card-orders.table.ts';
import {
  cardRefundEnded,
  createCardRefund,
  moveCardRefund,
  onlineCardRefunds,
} from './card-refunds.service.ts';
import { cancelUnpaidCard, issueCard, lockCardOrder } from './card-sales.service.ts';

/**
 * The caller's own card order of that number (404 for anyone else's, as tickets): placed by this
 * client, and through the mini-program by the signed-in member.
 */
export async function ownCardOrder(db: Db, req: FastifyRequest, orderNo: string): Promise<CardOrder> {
  const owner = await orderOwner(db, req);
  const [order] = await db
    .select()
    .from(cardOrders)
    .where(and(eq(cardOrders.scenicId, owner.scenicId), eq(cardOrders.orderNo, orderNo)));
  if (!order || order.clientId !== owner.clientId || (order.memberId ?? null) !== owner.memberId)
    throw new AppError(404, 'recordNotFound');
  return order;
}

const system = (scenicId: number): AuditActor => ({ username: SYSTEM, scenicId });

/**
 * C3 (docs/domain.md "Travel card"), in the payments module's transaction with its intent locked:
 * the order locked, a provider's transaction seen before answers `duplicate`; paid in time and in
 * full, 101 → 201 with its card issued (not activated), the coupon spent and SMS template 4. A
 * payment the order cannot take is never refused, it is the payer's money: after the deadline the
 * order is cancelled first (C4); then, cancelled or paid already, the payment is recorded and given
 * back whole through its provider (`refunded`).
 */
export async function confirmCardPayment(tx: Db, input: ConfirmedPayment): Promise<string> {
  const order = await lockCardOrder(tx, input.scenicId, input.targetNo);
  if (order.provider === input.provider && order.providerTxnId === input.providerTxnId) return 'duplicate';
  const [seen] = await tx
    .select({ id: cardRefunds.id })
    .from(cardRefunds)
    .where(and(eq(cardRefunds.provider, input.provider), eq(cardRefunds.providerTxnId, input.providerTxnId)));
  if (seen) return 'duplicate';
  const now = new Date();
  const unpaid = order.status === CARD_ORDER_STATUS.unpaid;
  if (unpaid && order.expiresAt && input.paidAt <= order.expiresAt && input.amount === order.amount) {
    const paid = await transitionCardOrder(tx, {
      id: order.id,
      transition: 'C3',
      from: CARD_ORDER_STATUS.unpaid,
      values: {
        payWay: input.payWay,
        provider: input.provider,
        providerTxnId: input.providerTxnId,
        paidAt: input.paidAt,
      },
      now,
    });
    if (order.memberCouponId != null)
      await spendCoupon(tx, {
        scenicId: order.scenicId,
        memberCouponId: order.memberCouponId,
        orderNo: order.orderNo,
        discount: order.couponDiscount,
        now,
      });
    const card = await issueCard(tx, paid, now);
    await recordAudit(tx, system(order.scenicId), {
      module: 'cards',
      action: 'cardOrder.C3',
      targetType: 'cardOrder',
      targetId: order.id,
      before: { status: order.status },
      after: {
        status: paid.status,
        provider: input.provider,
        providerTxnId: input.providerTxnId,
        cardId: card.id,
      },
    });
    return 'paid';
  }
  // late (C4 first), cancelled, or paid already by another payment: the money goes back
  const after = unpaid ? await cancelUnpaidCard(tx, order, 'timeout', system(order.scenicId), now) : order;
  const refund = await createCardRefund(tx, {
    order,
    payWay: input.payWay,
    provider: input.provider,
    providerTxnId: input.providerTxnId,
    amount: input.amount,
    reason: after.status === CARD_ORDER_STATUS.invalid ? 'paidAfterCancel' : 'paidTwice',
    adminId: null,
    now,
  });
  await recordAudit(tx, system(order.scenicId), {
    module: 'cards',
    action: 'cardOrder.strayPayment',
    targetType: 'cardOrder',
    targetId: order.id,
    after: {
      status: after.status,
      refundId: refund.id,
      amount: input.amount,
      providerTxnId: input.providerTxnId,
    },
  });
  return 'refunded';
}

/**
 * Card orders paid and refunded online (issue 30/32, docs/payments.md "Travel cards"): the buyer (a
 * member in the mini-program, or the channel that placed it: a machine's QR code) asks for a payment
 * of their unpaid order (`/api/open/pay/prepay`, target `card`); the provider's notification is C3;
 * a refund of such a payment waits `created` for the refund sender and ends done or failed.
 */
export const cardPayTarget: PayTarget = {
  kind: 'card',

  async due(db, req, orderNo) {
    const order = await ownCardOrder(db, req, orderNo);
    if (
      order.status !== CARD_ORDER_STATUS.unpaid ||
      order.amount <= 0 ||
      !order.expiresAt ||
      order.expiresAt <= new Date()
    )
      throw new AppError(409, 'orderNotPayable');
    return {
      scenicId: order.scenicId,
      targetNo: order.orderNo,
      amount: order.amount,
      description: translate('payDescriptionCard', 'zh', { orderNo: order.orderNo }),
      expiresAt: order.expiresAt,
    };
  },

  async owned(db, req, orderNo) {
    await ownCardOrder(db, req, orderNo);
  },

  confirm: confirmCardPayment,

  ...onlineCardRefunds,

  moveRefund: moveCardRefund,

  refundEnded: cardRefundEnded,
};
