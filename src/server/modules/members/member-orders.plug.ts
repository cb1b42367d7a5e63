import { sql } from 'drizzle-orm';
import { BALANCE_OP } from '../../../shared/dict/members.ts';
import { PAY_WAY_MEMBER_BALANCE } from '../../../shared/dict/order.ts';
import { queryRows } from '../../db/rows.ts';
import { AppError } from '../../http/errors.ts';
import type { OrderListener, PricingStep, StoredValuePayWay } from '../orders/index.ts';
import { creditBalance, debitBalance } from './balance.service.ts';
import { levelPrice, memberPricing, recordSpend } from './levels.service.ts';

/**
 * A member's order (docs/decisions.md "Members in selling"), plugged into orders' extension points:
 * the level discount on each ticket (pricing step, before a coupon), the balance as a pay way (9,
 * debited at T2, refunds back at once), and the member's spend growing when the order is paid.
 */

/** The payment provider name of member-balance payments (refunds go back to the balance at once). */
export const BALANCE_PROVIDER = 'balance';

export const memberLevelPricing: PricingStep = {
  name: 'memberLevel',
  stage: 20,
  async price(tx, { input, tickets }) {
    if (!input.member) return undefined;
    const before = tickets.reduce((sum, t) => sum + t.price, 0);
    const pricing = await memberPricing(tx, input.scenicId, input.member.memberId);
    for (const t of tickets) t.price = levelPrice(t.price, pricing.discount);
    return { levelDiscount: before - tickets.reduce((sum, t) => sum + t.price, 0) };
  },
};

export const memberBalancePayWay: StoredValuePayWay = {
  provider: BALANCE_PROVIDER,
  payWays: [PAY_WAY_MEMBER_BALANCE],
  check(input) {
    if (!input.member) throw new AppError(400, 'couponNeedsMember');
  },
  onlyAtOrder: 'balancePaysAtOrder',
  // the whole order from the balance: a guarded debit, ledger row "consume"
  async pay(tx, order, _payWay, amount) {
    if (order.memberId == null) throw new AppError(409, 'couponNeedsMember');
    await debitBalance(tx, {
      scenicId: order.scenicId,
      memberId: order.memberId,
      operation: BALANCE_OP.consume,
      amount,
      reference: order.orderNo,
      remark: '',
      adminId: order.adminId,
    });
  },
  // back on the balance, with its ledger row (operation 3, refund)
  async payBack(tx, { scenicId, orderId, amount, refundId }) {
    const [order] = await queryRows<{ member_id: number | null; order_no: string }>(
      tx,
      sql`select member_id, order_no from ticket_orders where id = ${orderId}`,
    );
    if (order?.member_id == null) throw new AppError(409, 'memberNotFound');
    await creditBalance(tx, {
      scenicId,
      memberId: Number(order.member_id),
      operation: BALANCE_OP.refund,
      amount,
      reference: order.order_no,
      remark: `refund ${refundId}`,
    });
  },
};

/** A paid order grows the member's spend (levels move up). */
export const memberSpend: OrderListener = {
  name: 'memberSpend',
  async paid(tx, order) {
    if (order.memberId != null) await recordSpend(tx, order.scenicId, order.memberId, order.totalAmount);
  },
};
