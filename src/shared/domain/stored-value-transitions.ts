import { MEMBER_COUPON_STATUS } from '../dict/coupons.ts';
import { RECHARGE_STATUS } from '../dict/members.ts';

/**
 * The moves of a member's coupon and of a top-up (docs/decisions.md "Stored value and members in
 * selling"). The server applies each as a compare-and-set (`where status in from`); anything not
 * listed is forbidden. Reserving a coupon for an unpaid order (T1) is not a move of its status: the
 * coupon stays unused and `reserved_order_no` holds the order until it is spent or released.
 */
export const MEMBER_COUPON_TRANSITIONS = {
  /** T2/T3: the order that holds it is paid */
  spend: { from: [MEMBER_COUPON_STATUS.unused], to: MEMBER_COUPON_STATUS.used },
  /** S18 of a shop order refunded in full (docs/domain.md "coupon returned"): usable again */
  giveBack: { from: [MEMBER_COUPON_STATUS.used], to: MEMBER_COUPON_STATUS.unused },
  /** the coupons job: past its end and held by no order */
  expire: { from: [MEMBER_COUPON_STATUS.unused], to: MEMBER_COUPON_STATUS.expired },
} as const;

export const RECHARGE_TRANSITIONS = {
  /** the payment is confirmed; a payment after the top-up was closed still counts */
  pay: { from: [RECHARGE_STATUS.pending, RECHARGE_STATUS.closed], to: RECHARGE_STATUS.paid },
  /** the members job: unpaid past its deadline */
  close: { from: [RECHARGE_STATUS.pending], to: RECHARGE_STATUS.closed },
} as const;
