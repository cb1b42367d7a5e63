import { translate } from '../../http/messages.ts';
import { creditOnlineRecharge, memberRecharge, payableRecharge } from '../members/index.ts';
import type { PayTarget } from '../payments/index.ts';

/**
 * Members' top-ups paid online (issue 30, docs/payments.md "Shop orders and top-ups"): the member
 * asks for a payment of a pending top-up (`/api/open/pay/prepay`, target `topup`, order number = the
 * top-up's number); the provider's notification credits it once. A top-up is not refunded online:
 * it has no refunds for the refund sender.
 */
export const topUpPayTarget: PayTarget = {
  kind: 'topup',

  async due(db, req, rechargeNo) {
    const due = await payableRecharge(db, req, rechargeNo);
    return {
      scenicId: due.scenicId,
      targetNo: due.rechargeNo,
      amount: due.amount,
      description: translate('payDescriptionTopUp', 'zh', { rechargeNo: due.rechargeNo }),
      expiresAt: due.expiresAt,
    };
  },

  async owned(db, req, rechargeNo) {
    await memberRecharge(db, req, rechargeNo);
  },

  confirm: (tx, input) =>
    creditOnlineRecharge(tx, {
      scenicId: input.scenicId,
      rechargeNo: input.targetNo,
      payWay: input.payWay,
      amount: input.amount,
      provider: input.provider,
      providerTxnId: input.providerTxnId,
      paidAt: input.paidAt,
    }),

  dueRefunds: () => Promise.resolve([]),
  sentRefunds: () => Promise.resolve([]),
  moveRefund: () => Promise.resolve(false),
  refundEnded: () => Promise.resolve(),
};
