import { BALANCE_OP } from '../../../shared/dict/members.ts';
import { PAY_WAY_MEMBER_BALANCE } from '../../../shared/dict/order.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { quoteCoupon, releaseCoupon, reserveCoupon, spendCoupon } from '../coupons/index.ts';
import { debitBalance, levelPrice, memberPricing, recordSpend } from '../members/index.ts';
import type { OrderRecord } from './order-core.ts';

/**
 * A member's order (docs/decisions.md "Members in selling"): the level discount first, on each
 * ticket; then the coupon on the tickets it covers; the tickets keep their own net price (refunds
 * are per ticket). The coupon is reserved at T1, spent at T2/T3, released at T4/T5; pay way 9
 * debits the member's balance at T2.
 */

/** The payment provider name of member-balance payments (refunds go back to the balance at once). */
export const BALANCE_PROVIDER = 'balance';

export interface MemberTerms {
  memberId: number;
  memberCouponId?: number | undefined;
}

export interface PricedTicket {
  productId: number;
  price: number;
}

export interface MemberPrices {
  originalAmount: number;
  levelDiscount: number;
  couponDiscount: number;
}

/**
 * Prices the tickets for the member (in place): level discount, then the coupon, checked and
 * reserved under the order number. Answers the amounts the order keeps.
 */
export async function priceForMember(
  tx: Db,
  input: { scenicId: number; orderNo: string; member: MemberTerms; tickets: PricedTicket[]; now: Date },
): Promise<MemberPrices> {
  const { tickets } = input;
  const originalAmount = tickets.reduce((sum, t) => sum + t.price, 0);
  const pricing = await memberPricing(tx, input.scenicId, input.member.memberId);
  for (const t of tickets) t.price = levelPrice(t.price, pricing.discount);
  const afterLevel = tickets.reduce((sum, t) => sum + t.price, 0);
  let couponDiscount = 0;
  if (input.member.memberCouponId != null) {
    const quote = await quoteCoupon(tx, {
      scenicId: input.scenicId,
      memberId: pricing.memberId,
      memberCouponId: input.member.memberCouponId,
      lines: tickets.map((t) => ({ productId: t.productId, price: t.price })),
      now: input.now,
    });
    tickets.forEach((t, i) => (t.price -= quote.perTicket[i]!));
    couponDiscount = quote.total;
    await reserveCoupon(tx, {
      scenicId: input.scenicId,
      memberId: pricing.memberId,
      memberCouponId: input.member.memberCouponId,
      orderNo: input.orderNo,
      now: input.now,
    });
  }
  return { originalAmount, levelDiscount: originalAmount - afterLevel, couponDiscount };
}

/**
 * The order is paid (T2, T3, or T6 with `late`): its coupon is spent and the member's spend grows
 * (levels move up). A late payment spends the coupon only if it is still free (it was released at T5).
 */
export async function memberOrderPaid(tx: Db, order: OrderRecord, now: Date, late = false): Promise<void> {
  if (order.memberId == null) return;
  if (order.memberCouponId != null)
    await spendCoupon(tx, {
      scenicId: order.scenicId,
      memberCouponId: order.memberCouponId,
      orderNo: order.orderNo,
      discount: order.couponDiscount,
      now,
      fromFree: late,
    });
  await recordSpend(tx, order.scenicId, order.memberId, order.totalAmount);
}

/** T4/T5: the cancelled order lets go of its coupon. */
export async function memberOrderCancelled(tx: Db, order: OrderRecord): Promise<void> {
  if (order.memberCouponId != null)
    await releaseCoupon(tx, { scenicId: order.scenicId, orderNo: order.orderNo });
}

/** T2 with pay way 9: the member's balance pays the whole order (guarded debit, ledger row "consume"). */
export async function payFromBalance(tx: Db, order: OrderRecord, amount: number): Promise<void> {
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
}

/** Whether a pay way is the member's balance. */
export const isBalancePayWay = (payWay: number | undefined) => payWay === PAY_WAY_MEMBER_BALANCE;
