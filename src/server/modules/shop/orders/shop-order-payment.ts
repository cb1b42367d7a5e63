import { and, eq, sql } from 'drizzle-orm';
import { queueShopMessage } from './shop-messages.ts';
import {
  SHOP_MEMBER_PAY_WAYS,
  type ShopPay,
  type ShopPayResult,
} from '../../../../shared/api/shop-orders.ts';
import { ONLINE_PAY_WAYS } from '../../../../shared/api/payments.ts';
import { ValidationMessage } from '../../../../shared/api/validation-messages.ts';
import { BALANCE_OP } from '../../../../shared/dict/members.ts';
import { PAY_WAY_MEMBER_BALANCE } from '../../../../shared/dict/order.ts';
import { SHOP_ORDER_STATUS as S, STOCK_MOVE } from '../../../../shared/dict/shop.ts';
import { formatCents } from '../../../../shared/money.ts';
import type { Db } from '../../../db/client.ts';
import { AppError, FieldError } from '../../../http/errors.ts';
import { spendCoupon } from '../../coupons/index.ts';
import { debitBalance } from '../../members/index.ts';
import { moveStock } from '../catalog/shop-goods.service.ts';
import { linesOf, lockShopOrder, moveSales, type ShopLine } from './shop-order-common.ts';
import { transitionShopOrder } from './shop-order-state.service.ts';
import { refundShopOrder } from './shop-refund.service.ts';
import { ShopFieldReason } from '../shop.messages.ts';
import { shopOrders, shopPayments, type ShopOrder } from '../shop.table.ts';

/**
 * S2 (and S5 for a payment arriving after S4) of docs/domain.md, in the caller's transaction. The
 * order is locked first, so payments of one order run one after the other. A provider's id is seen
 * once (the unique index of shop_payments): the same id again answers the same payment,
 * `duplicate`, another order's 409. Pay way 9 debits the member's balance in this transaction; a
 * second balance payment of a paid order answers the first (`duplicate`). The amount must equal
 * what is due (409). Paid: the coupon is spent, the goods' sales rise. WeChat Pay and Alipay are
 * not reported (400 naming payWay): their provider's notification confirms them (`provider`,
 * shop-pay-target.ts), and such a payment is never refused: for an order that can no longer take
 * it (cancelled by the buyer, paid already) it is recorded and given back whole (`refunded`).
 * Late (103): the stock is taken again by guarded decrements; when a SKU has too few, a provider's
 * payment is recorded and refunded at once and the order stays 103 (`refunded`); a balance payment is
 * simply refused (409, nothing debited).
 */
export async function payShopOrder(
  tx: Db,
  input: ShopPay & {
    scenicId: number;
    /** The paying member; null for a provider's confirmation (the order is found by its number) */
    memberId: number | null;
    /** The online provider that confirmed it (wechat, alipay); reported payments have none */
    provider?: string;
    now?: Date;
  },
): Promise<ShopPayResult> {
  const now = input.now ?? new Date();
  const balance = input.payWay === PAY_WAY_MEMBER_BALANCE;
  if (!(SHOP_MEMBER_PAY_WAYS as readonly number[]).includes(input.payWay))
    throw new FieldError('payWay', ShopFieldReason.payWayNotForShop);
  const online = input.provider != null;
  if (!online && (ONLINE_PAY_WAYS as readonly number[]).includes(input.payWay))
    throw new FieldError('payWay', ValidationMessage.payWayOnline);
  const txnId = balance ? null : (input.providerTxnId ?? '');
  if (!balance && !txnId) throw new FieldError('providerTxnId', ValidationMessage.required);
  const order = await lockShopOrder(
    tx,
    input.memberId == null
      ? { scenicId: input.scenicId, id: await orderIdOf(tx, input.scenicId, input.orderNo) }
      : { scenicId: input.scenicId, orderNo: input.orderNo, memberId: input.memberId },
  );
  const answer = (paymentId: number, status: number, result: ShopPayResult['result']): ShopPayResult => ({
    orderNo: order.orderNo,
    status,
    paymentId,
    result,
  });
  // the same payment again (a provider's retried callback, a double tap on "pay with balance")
  const [seen] = await tx
    .select()
    .from(shopPayments)
    .where(
      txnId
        ? and(eq(shopPayments.payWay, input.payWay), eq(shopPayments.providerTxnId, txnId))
        : and(eq(shopPayments.orderId, order.id), eq(shopPayments.payWay, PAY_WAY_MEMBER_BALANCE)),
    )
    .limit(1);
  if (seen) {
    if (seen.orderId !== order.id) throw new AppError(409, 'shopPaymentOfOtherOrder');
    return answer(seen.id, order.status, 'duplicate');
  }
  const record = () =>
    tx
      .insert(shopPayments)
      .values({
        scenicId: order.scenicId,
        orderId: order.id,
        payWay: input.payWay,
        amount: input.amount,
        providerTxnId: txnId,
        provider: input.provider ?? 'offline',
        createdAt: now,
      })
      .returning()
      .then(([row]) => row!);
  const cancelled = order.status === S.userCancelled || order.status === S.systemCancelled;
  if (online && order.status !== S.pendingPayment && order.status !== S.systemCancelled) {
    // the provider took money the order cannot take (docs/payments.md "Shop orders and top-ups")
    const payment = await record();
    await refundShopOrder(tx, order, {
      lines: [],
      amount: input.amount,
      reason: cancelled ? 'paidAfterCancel' : 'paidTwice', // STRAY_PAYMENT_REASONS
      paymentId: payment.id,
      stray: !cancelled,
    });
    return answer(payment.id, order.status, 'refunded');
  }
  if (order.status !== S.pendingPayment && order.status !== S.systemCancelled)
    throw new AppError(409, 'shopTransitionNotAllowed');
  if (input.amount !== order.payAmount)
    throw new AppError(409, 'shopPayAmountMismatch', {
      params: { amount: formatCents(input.amount), payAmount: formatCents(order.payAmount) },
    });
  const lines = await linesOf(tx, order.id);
  const late = order.status === S.systemCancelled;
  const stockBack = late ? await retakeStock(tx, order, lines) : true;
  if (!stockBack && balance) throw new AppError(409, 'shopLateSoldOut');
  if (balance) {
    if (order.memberId == null) throw new AppError(404, 'shopOrderNotFound');
    await debitBalance(tx, {
      scenicId: order.scenicId,
      memberId: order.memberId,
      operation: BALANCE_OP.consume,
      amount: order.payAmount,
      reference: order.orderNo,
      remark: '',
    });
  }
  const payment = await record();
  if (!stockBack) {
    // S5's guard failed: the money goes back, the order stays cancelled
    await refundShopOrder(tx, order, {
      lines: [],
      amount: order.payAmount,
      reason: 'lateSoldOut', // STRAY_PAYMENT_REASONS
      paymentId: payment.id,
    });
    return answer(payment.id, order.status, 'refunded');
  }
  await transitionShopOrder(tx, {
    scenicId: order.scenicId,
    orderId: order.id,
    transition: late ? 'S5' : 'S2',
    to: S.pendingShipment,
    memberId: order.memberId,
    note: txnId ?? '',
    extra: sql`paid_at = ${now}, close_reason = ''`,
  });
  if (order.memberCouponId != null)
    await spendCoupon(tx, {
      scenicId: order.scenicId,
      memberCouponId: order.memberCouponId,
      orderNo: order.orderNo,
      discount: order.discount,
      now,
      // S4 released it: spent again only if it is still free
      fromFree: late,
    });
  await moveSales(
    tx,
    lines,
    lines.map((l) => ({ lineId: l.id, quantity: l.quantity })),
    1,
  );
  // the buyer is told (SMS template 3), in this transaction
  await queueShopMessage(tx, order, { template: 3, amount: order.payAmount });
  return answer(payment.id, S.pendingShipment, 'paid');
}

/** The id of the area's order of that number (404 otherwise), for a provider's confirmation. */
async function orderIdOf(tx: Db, scenicId: number, orderNo: string): Promise<number> {
  const [row] = await tx
    .select({ id: shopOrders.id })
    .from(shopOrders)
    .where(and(eq(shopOrders.scenicId, scenicId), eq(shopOrders.orderNo, orderNo)));
  if (!row) throw new AppError(404, 'shopOrderNotFound');
  return row.id;
}

/** S5's guard: every line's stock taken again (ledger reason 5), all or none (a savepoint). */
async function retakeStock(tx: Db, order: ShopOrder, lines: ShopLine[]): Promise<boolean> {
  try {
    await tx.transaction(async (sp) => {
      for (const line of [...lines].filter((l) => l.skuId != null).sort((a, b) => a.skuId! - b.skuId!))
        await moveStock(sp, {
          scenicId: order.scenicId,
          skuId: line.skuId!,
          delta: -line.quantity,
          reason: STOCK_MOVE.orderPlaced,
          note: 'late payment',
          orderId: order.id,
        });
      if (lines.some((l) => l.skuId == null)) throw new AppError(409, 'shopSkuNotFound');
    });
    return true;
  } catch (error) {
    if (error instanceof AppError && error.statusCode >= 400 && error.statusCode < 500) return false;
    throw error;
  }
}
