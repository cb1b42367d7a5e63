/**
 * The public entry of the coupons module: what other modules may use (eslint: a module reaches
 * another only through its index.ts).
 */
export {
  expireMemberCoupons,
  giveCoupon,
  giveCouponBack,
  giveRegistrationCoupons,
  quoteCoupon,
  redeemCode,
  releaseCoupon,
  reserveCoupon,
  spendCoupon,
} from './coupons.service.ts';
export type { CouponLine } from './coupons.service.ts';
