import { defineDict } from './dict.ts';

/** docs/product.md §9 coupon types (the first reading): 0 general, 1 registration gift, 2 redeem-code gift. */
export const CouponType = defineDict({
  0: { zh: '通用券', en: 'General' },
  1: { zh: '注册赠券', en: 'Registration gift' },
  2: { zh: '兑换码券', en: 'Redeem code' },
});
export const COUPON_TYPE = { general: 0, registration: 1, redeemCode: 2 } as const;

/** docs/product.md §9 coupon use: 0 general, 1 tickets, 2 the shop. */
export const CouponUse = defineDict({
  0: { zh: '通用', en: 'Any' },
  1: { zh: '门票', en: 'Tickets' },
  2: { zh: '商城', en: 'Shop' },
});
export const COUPON_USE = { any: 0, ticket: 1, shop: 2 } as const;

/** docs/product.md §9 coupon scope: 0 all products, 1 the chosen tickets. */
export const CouponScope = defineDict({
  0: { zh: '全部商品', en: 'All products' },
  1: { zh: '指定门票', en: 'Chosen tickets' },
});
export const COUPON_SCOPE = { all: 0, chosen: 1 } as const;

/** docs/product.md §9 coupon status: 0 on shelf, 1 off shelf. */
export const CouponStatus = defineDict({
  0: { zh: '上架', en: 'On shelf', color: 'green' },
  1: { zh: '下架', en: 'Off shelf', color: 'default' },
});
export const COUPON_STATUS = { onShelf: 0, offShelf: 1 } as const;

/** How a coupon takes money off: an amount, or a percentage of the price. */
export const CouponDiscountKind = defineDict({
  1: { zh: '满减券', en: 'Amount off' },
  2: { zh: '折扣券', en: 'Percentage' },
});
export const DISCOUNT_KIND = { amount: 1, percent: 2 } as const;

/** How long a received coupon is valid. */
export const CouponValidityKind = defineDict({
  1: { zh: '固定日期', en: 'Fixed dates' },
  2: { zh: '领取后N天', en: 'N days after receipt' },
});
export const COUPON_VALIDITY = { fixed: 1, days: 2 } as const;

/** docs/product.md §4 user coupon: 101 unused, 201 used, 301 expired. */
export const MemberCouponStatus = defineDict({
  101: { zh: '未使用', en: 'Unused', color: 'blue' },
  201: { zh: '已使用', en: 'Used', color: 'green' },
  301: { zh: '已过期', en: 'Expired', color: 'default' },
});
export const MEMBER_COUPON_STATUS = { unused: 101, used: 201, expired: 301 } as const;

/** How a member came to hold a coupon. */
export const CouponReceiveWay = defineDict({
  1: { zh: '领券中心', en: 'Claimed' },
  2: { zh: '注册赠送', en: 'Registration' },
  3: { zh: '兑换码', en: 'Redeem code' },
  4: { zh: '后台发放', en: 'Issued by staff' },
});
export const RECEIVE_WAY = { claimed: 1, registration: 2, code: 3, staff: 4 } as const;

/** Column labels of the /promotion screens and their exports. */
export const CouponField = defineDict({
  name: { zh: '优惠券名称', en: 'Coupon' },
  couponType: { zh: '类型', en: 'Type' },
  useType: { zh: '适用', en: 'Use' },
  scope: { zh: '适用范围', en: 'Scope' },
  products: { zh: '指定门票', en: 'Tickets' },
  discountKind: { zh: '优惠方式', en: 'Discount' },
  amountOff: { zh: '减免金额(元)', en: 'Amount off (CNY)' },
  percent: { zh: '折扣(%)', en: 'Pay (%)' },
  minSpend: { zh: '使用门槛(元)', en: 'Minimum spend (CNY)' },
  validity: { zh: '有效期', en: 'Validity' },
  validFrom: { zh: '开始日期', en: 'From' },
  validTo: { zh: '结束日期', en: 'To' },
  validDays: { zh: '领取后有效天数', en: 'Days after receipt' },
  totalQuantity: { zh: '发行总量', en: 'Total quantity' },
  issued: { zh: '已发放', en: 'Given out' },
  used: { zh: '已使用', en: 'Used' },
  perMemberLimit: { zh: '每人限领', en: 'Per member' },
  status: { zh: '状态', en: 'Status' },
  description: { zh: '使用说明', en: 'Terms' },
  createTime: { zh: '创建时间', en: 'Created' },
  member: { zh: '会员', en: 'Member' },
  phone: { zh: '手机号', en: 'Phone' },
  receiveWay: { zh: '获取方式', en: 'Received by' },
  receivedAt: { zh: '领取时间', en: 'Received' },
  validUntil: { zh: '到期时间', en: 'Valid until' },
  orderNo: { zh: '使用订单', en: 'Used on order' },
  usedAt: { zh: '使用时间', en: 'Used at' },
  discountAmount: { zh: '抵扣金额(元)', en: 'Discount (CNY)' },
  code: { zh: '兑换码', en: 'Redeem code' },
  redeemed: { zh: '兑换状态', en: 'Redeemed' },
  redeemedAt: { zh: '兑换时间', en: 'Redeemed at' },
});
