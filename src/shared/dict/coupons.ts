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

/** Whether a redeem code has been redeemed (the code list's filter and tag). */
export const CouponCodeState = defineDict({
  1: { zh: '已兑换', en: 'Redeemed', color: 'green' },
  0: { zh: '未兑换', en: 'Not redeemed', color: 'default' },
});

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

/** Export file names and the texts the server writes into exports. */
export const CouponText = defineDict({
  couponsExport: { zh: '优惠券', en: 'Coupons' },
  codesExport: { zh: '兑换码', en: 'Redeem codes' },
  recordsExport: { zh: '领券记录', en: 'Member coupons' },
  fixedDates: { zh: '{from} 至 {to}', en: '{from} to {to}' },
  daysAfter: { zh: '领取后 {days} 天', en: '{days} day(s) after receipt' },
  amountOff: { zh: '减 {amount} 元', en: '{amount} CNY off' },
  amountOffMin: { zh: '满 {min} 减 {amount} 元', en: '{amount} CNY off from {min} CNY' },
  percent: { zh: '{rate} 折', en: 'Pay {percent}%' },
  percentMin: { zh: '满 {min} 元 {rate} 折', en: 'Pay {percent}% from {min} CNY' },
});

/** "满100减20", "9折": a coupon's discount in one line (list, export, pickers). */
export function couponDiscountText(
  c: { discountKind: number; amountOff: number; percent: number; minSpend: number },
  lang: 'zh' | 'en',
): string {
  const yuan = (cents: number) => String(Math.round(cents) / 100);
  const fill = (text: string, params: Record<string, string>) =>
    text.replace(/\{(\w+)\}/g, (_, k: string) => params[k] ?? '');
  const params = {
    amount: yuan(c.amountOff),
    min: yuan(c.minSpend),
    percent: String(c.percent),
    rate: String(c.percent / 10),
  };
  if (c.discountKind === DISCOUNT_KIND.percent)
    return fill(CouponText[c.minSpend > 0 ? 'percentMin' : 'percent'][lang], params);
  return fill(CouponText[c.minSpend > 0 ? 'amountOffMin' : 'amountOff'][lang], params);
}

/** A coupon's validity in one line: fixed dates, or N days after receipt. */
export function couponValidityText(
  c: { validityKind: number; validFrom: string | null; validTo: string | null; validDays: number },
  lang: 'zh' | 'en',
): string {
  if (c.validityKind === COUPON_VALIDITY.days)
    return CouponText.daysAfter[lang].replace('{days}', String(c.validDays));
  return CouponText.fixedDates[lang].replace('{from}', c.validFrom ?? '').replace('{to}', c.validTo ?? '');
}
