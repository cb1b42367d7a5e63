import { defineDict } from '../../../shared/dict/dict.ts';

/** What the coupons module says to users, in both languages (collected by src/server/messages.ts). */
export const couponsMessages = defineDict({
  couponNotFound: { zh: '优惠券不存在', en: 'Coupon not found' },
  couponOffShelf: { zh: '该优惠券未上架', en: 'This coupon is off the shelf' },
  couponSoldOut: { zh: '该优惠券已发完', en: 'This coupon has all been given out' },
  couponLimitReached: {
    zh: '每人限领 {limit} 张，已领完',
    en: 'At most {limit} per member; this member holds them all',
  },
  couponNotClaimable: {
    zh: '该优惠券不能在领券中心领取',
    en: 'This coupon cannot be claimed in the coupon centre',
  },
  couponHasIssued: {
    zh: '优惠券 {name} 已发放 {count} 张，不能删除，可以下架',
    en: 'Coupon {name} has been given out {count} time(s) and cannot be deleted; take it off the shelf instead',
  },
  couponQuantityBelowIssued: {
    zh: '发行总量不能少于已发放的 {issued} 张',
    en: 'The total quantity cannot be below the {issued} given out',
  },
  couponCodesOnlyForCodeType: {
    zh: '只有兑换码券可以生成兑换码',
    en: 'Only redeem-code coupons have redeem codes',
  },
  couponCodesExceedQuantity: {
    zh: '兑换码总数不能超过发行总量 {total} 张（已生成 {count} 个）',
    en: 'Redeem codes cannot exceed the total quantity of {total} ({count} generated)',
  },
  memberCouponNotFound: { zh: '会员优惠券不存在', en: 'Member coupon not found' },
  memberCouponUnavailable: {
    zh: '该优惠券不可用（已使用、已过期或正被其他订单占用）',
    en: 'This coupon cannot be used (used, expired, or held by another order)',
  },
  memberCouponNotValidYet: { zh: '该优惠券 {from} 起可用', en: 'This coupon can be used from {from}' },
  couponWrongUse: { zh: '该优惠券不能用于购买门票', en: 'This coupon is not for tickets' },
  couponNoEligibleProduct: {
    zh: '订单中没有该优惠券适用的门票',
    en: 'No ticket of this order is covered by this coupon',
  },
  couponMinSpend: {
    zh: '满 {min} 元可用，适用金额 {amount} 元',
    en: 'Usable from {min} CNY; the covered amount is {amount} CNY',
  },
  couponNeedsMember: {
    zh: '使用优惠券或会员余额需要会员登录',
    en: 'A coupon or the member balance needs a signed-in member',
  },
  redeemCodeNotFound: { zh: '兑换码不存在', en: 'Redeem code not found' },
  redeemCodeUsed: { zh: '该兑换码已被兑换', en: 'This redeem code has been redeemed already' },
  couponIssueUnknownPhones: {
    zh: '以下手机号不是本景区的会员：{phones}',
    en: 'These phones are not members of this scenic area: {phones}',
  },
  couponIssueUnknownMembers: {
    zh: '以下会员不存在：{ids}',
    en: 'These members do not exist: {ids}',
  },
  couponIssueNotEnough: {
    zh: '该优惠券只剩 {left} 张，不够发给 {count} 名会员',
    en: 'Only {left} of this coupon are left, not enough for {count} member(s)',
  },
  couponIssueLimit: {
    zh: '会员 {member} 已领满每人限领的 {limit} 张，本次未发放任何优惠券',
    en: 'Member {member} already holds the {limit} allowed per member; nothing was issued',
  },
});
