import type { OrderListener, PricingStep } from '../orders/index.ts';
import { quoteCoupon, releaseCoupon, reserveCoupon, spendCoupon } from './coupons.service.ts';

/**
 * A member's coupon on a ticket order (docs/decisions.md "Members in selling"), plugged into
 * orders' extension points: after the level discount, on the tickets it covers (each keeps its own
 * net price: refunds are per ticket); reserved under the order number at T1, spent at T2/T3 (a late
 * payment spends it only if it is still free: it was released at T5), released at T4/T5.
 */

export const couponPricing: PricingStep = {
  name: 'coupon',
  stage: 30,
  async price(tx, { input, order, tickets, now }) {
    const memberCouponId = input.member?.memberCouponId;
    if (input.member == null || memberCouponId == null) return undefined;
    const quote = await quoteCoupon(tx, {
      scenicId: input.scenicId,
      memberId: input.member.memberId,
      memberCouponId,
      lines: tickets.map((t) => ({ productId: t.productId, price: t.price })),
      now,
    });
    tickets.forEach((t, i) => (t.price -= quote.perTicket[i]!));
    await reserveCoupon(tx, {
      scenicId: input.scenicId,
      memberId: input.member.memberId,
      memberCouponId,
      orderNo: order.orderNo,
      now,
    });
    return { couponDiscount: quote.total };
  },
};

export const couponOfOrder: OrderListener = {
  name: 'coupon',
  async paid(tx, order, now, late) {
    if (order.memberId == null || order.memberCouponId == null) return;
    await spendCoupon(tx, {
      scenicId: order.scenicId,
      memberCouponId: order.memberCouponId,
      orderNo: order.orderNo,
      discount: order.couponDiscount,
      now,
      fromFree: late,
    });
  },
  async cancelled(tx, order) {
    if (order.memberCouponId != null)
      await releaseCoupon(tx, { scenicId: order.scenicId, orderNo: order.orderNo });
  },
};
