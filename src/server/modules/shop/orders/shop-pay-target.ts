import { sql } from 'drizzle-orm';
import { SHOP_ORDER_STATUS as S } from '../../../../shared/dict/shop.ts';
import { queryRows } from '../../../db/rows.ts';
import { AppError } from '../../../http/errors.ts';
import { translate } from '../../../http/messages.ts';
import { recordAudit, SYSTEM } from '../../audit/index.ts';
import { refundReaders, type PayTarget } from '../../payments/index.ts';
import { memberShopOrder } from './shop-order-common.ts';
import { payShopOrder } from './shop-order-payment.ts';
import { shopRefundEnded } from './shop-refund.service.ts';

/**
 * The refunds of shop orders paid online, as the refund sender reads them: the refund, the payment it
 * gives back and the payments module's intent that took it (its payment number), with the sender's
 * own record of the attempts (provider_refunds).
 */
const onlineRefunds = refundReaders(
  (status, due, providers) =>
    sql`select r.id as "refundId", r.scenic_id as "scenicId", r.pay_way as "payWay", p.provider,
          i.payment_no as "paymentNo", p.provider_txn_id as "providerTxnId", r.amount, p.amount as total, r.reason
        from shop_refunds r
          join shop_payments p on p.id = r.payment_id
          join pay_intents i on i.target = 'shop' and i.provider = p.provider and i.provider_txn_id = p.provider_txn_id
          left join provider_refunds pr on pr.target = 'shop' and pr.refund_id = r.id
        where r.status = ${status} and ${due} and p.provider in (${providers})
        order by r.id`,
);

/**
 * Shop orders paid and refunded online (issue 30, docs/payments.md "Shop orders and top-ups"):
 * the member asks for a payment of their unpaid order (`/api/open/pay/prepay`, target `shop`); the
 * provider's notification is S2 (S5 late; a payment the order cannot take is given back); a refund of
 * such a payment waits `created` for the refund sender and ends S18 or S19.
 */
export const shopPayTarget: PayTarget = {
  kind: 'shop',

  async due(db, req, orderNo) {
    const order = await memberShopOrder(db, req, orderNo);
    if (order.status !== S.pendingPayment || order.payAmount <= 0 || order.expiresAt <= new Date())
      throw new AppError(409, 'orderNotPayable');
    return {
      scenicId: order.scenicId,
      targetNo: order.orderNo,
      amount: order.payAmount,
      description: translate('payDescriptionShop', 'zh', { orderNo: order.orderNo }),
      expiresAt: order.expiresAt,
    };
  },

  async owned(db, req, orderNo) {
    await memberShopOrder(db, req, orderNo);
  },

  async confirm(tx, input) {
    const paid = await payShopOrder(tx, {
      scenicId: input.scenicId,
      memberId: null,
      orderNo: input.targetNo,
      payWay: input.payWay,
      amount: input.amount,
      provider: input.provider,
      providerTxnId: input.providerTxnId,
      // paid in time is S2 even when the expiry job has not looked yet
      now: input.paidAt,
    });
    if (paid.result !== 'duplicate')
      await recordAudit(
        tx,
        { username: SYSTEM, scenicId: input.scenicId },
        {
          module: 'shop',
          action: 'pay',
          targetType: 'shopOrder',
          targetId: input.targetNo,
          after: {
            result: paid.result,
            status: paid.status,
            amount: input.amount,
            provider: input.provider,
            providerTxnId: input.providerTxnId,
          },
        },
      );
    return paid.result;
  },

  ...onlineRefunds,

  async moveRefund(tx, refundId, from, to) {
    const moved = await queryRows<{ id: number }>(
      tx,
      sql`update shop_refunds set status = ${to}, updated_at = now()
          where id = ${refundId} and status = ${from} returning id`,
    );
    return moved.length === 1;
  },

  refundEnded: shopRefundEnded,
};
