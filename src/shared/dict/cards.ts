import { defineDict, type DictEntry, type Lang } from './dict.ts';
import { PayWay } from './order.ts';
import { TerminalClient } from './terminal-client.ts';

/** Labels of a travel card kind (/VipCard/vipUseAssort, /VipCard/vipUse): table, form and export. */
export const CardKindField = defineDict({
  name: { zh: '卡名称', en: 'Card name' },
  cover: { zh: '封面图片', en: 'Cover image' },
  description: { zh: '卡片说明', en: 'Description' },
  price: { zh: '售价', en: 'Price' },
  validityType: { zh: '有效期类型', en: 'Validity' },
  validity: { zh: '有效期', en: 'Valid for' },
  validWay: { zh: '限时方式', en: 'Timed by' },
  validDays: { zh: '激活后有效天数', en: 'Days from activation' },
  validFrom: { zh: '开始日期', en: 'From' },
  validTo: { zh: '结束日期', en: 'To' },
  productIds: { zh: '适用产品', en: 'Products admitted' },
  entryRules: { zh: '入园规则', en: 'Entry rules' },
  perDayEntries: { zh: '每日入园次数', en: 'Entries a day' },
  totalEntries: { zh: '总入园次数', en: 'Entries in all' },
  blackoutDates: { zh: '不可用日期', en: 'Blackout dates' },
  photoRequired: { zh: '激活需人脸照片', en: 'Face photo to activate' },
  realName: { zh: '实名类型', en: 'Real name' },
  status: { zh: '上架状态', en: 'Shelf' },
  channels: { zh: '销售渠道', en: 'Sold by' },
  createTime: { zh: '创建时间', en: 'Created' },
  updateTime: { zh: '更新时间', en: 'Updated' },
});

/** docs/product.md §9 "Membership card: 0 permanent, 1 timed expiry". */
export const CardValidityType = defineDict({
  0: { zh: '永久有效', en: 'Permanent', color: 'green' },
  1: { zh: '限时有效', en: 'Timed', color: 'blue' },
});
export type CardValidityTypeCode = keyof typeof CardValidityType;
export const CARD_VALIDITY = { permanent: 0, timed: 1 } as const;

/** How a timed card's validity is given: days from activation or fixed dates (a form choice, not stored). */
export const CardValidWay = defineDict({
  days: { zh: '激活后天数', en: 'Days from activation' },
  dates: { zh: '固定日期', en: 'Fixed dates' },
});
export type CardValidWayCode = keyof typeof CardValidWay;

/**
 * docs/product.md §9 "Card purchase source": the clients that may sell a card kind (winManagement
 * manual window, weixinManagement mini-program, backstageManagement scenic back office).
 */
export const CardSaleSource = defineDict({
  winManagement: { ...TerminalClient.winManagement, color: 'blue' },
  weixinManagement: { ...TerminalClient.weixinManagement, color: 'green' },
  backstageManagement: { ...TerminalClient.backstageManagement, color: 'purple' },
});
export type CardSaleSourceCode = keyof typeof CardSaleSource;
export const CARD_SALE_SOURCES = Object.keys(CardSaleSource) as [CardSaleSourceCode, ...CardSaleSourceCode[]];

/** The rules of a card kind's terms that span fields (the single fields are the schema's). */
export const CardKindRule = defineDict({
  validityOneWay: {
    zh: '限时有效须填写激活后天数或固定日期中的一种',
    en: 'a timed card is valid either for days from activation or between fixed dates, one of the two',
  },
  permanentNoTerm: {
    zh: '永久有效的卡不设有效天数或日期',
    en: 'a permanent card has no days or dates of validity',
  },
});

/** Spec §4 "card order": what the money of one card did (docs/domain.md "Travel card"). */
export const CardOrderStatus = defineDict({
  101: { zh: '待支付', en: 'Unpaid', color: 'orange' },
  201: { zh: '已支付', en: 'Paid', color: 'blue' },
  203: { zh: '已退款', en: 'Refunded', color: 'default' },
  301: { zh: '已生效', en: 'Effective', color: 'green' },
  401: { zh: '使用中', en: 'In use', color: 'cyan' },
  501: { zh: '已作废', en: 'Invalid', color: 'red' },
  502: { zh: '已过期', en: 'Expired', color: 'default' },
});
export type CardOrderStatusCode = keyof typeof CardOrderStatus;
export const CARD_ORDER_STATUS = {
  unpaid: 101,
  paid: 201,
  refunded: 203,
  effective: 301,
  inUse: 401,
  invalid: 501,
  expired: 502,
} as const satisfies Record<string, CardOrderStatusCode>;

/** An issued card's state (docs/domain.md "The card"). */
export const CardState = defineDict({
  1: { zh: '未激活', en: 'Not activated', color: 'orange' },
  2: { zh: '已激活', en: 'Active', color: 'green' },
  3: { zh: '已冻结', en: 'Frozen', color: 'blue' },
  4: { zh: '已补卡', en: 'Replaced', color: 'purple' },
  5: { zh: '已过期', en: 'Expired', color: 'default' },
  6: { zh: '已失效', en: 'Dead', color: 'red' },
});
export type CardStateCode = keyof typeof CardState;
export const CARD_STATE = {
  notActivated: 1,
  active: 2,
  frozen: 3,
  replaced: 4,
  expired: 5,
  dead: 6,
} as const satisfies Record<string, CardStateCode>;

/** The pay ways of a card sold at the back office (spec §9 pay ways): money taken offline, at once. */
export const CardPayWay = defineDict({ 1: PayWay[1], 99: PayWay[99], 98: PayWay[98] });
export type CardPayWayCode = keyof typeof CardPayWay;

/** Labels of issued cards and card orders (/VipCard lists, detail and export). */
export const CardField = defineDict({
  cardNo: { zh: '卡号', en: 'Card number' },
  kindName: { zh: '卡种类', en: 'Card kind' },
  state: { zh: '卡状态', en: 'Card state' },
  holderName: { zh: '持卡人', en: 'Holder' },
  holderIdNumber: { zh: '身份证号', en: 'ID number' },
  holderPhone: { zh: '持卡人手机号', en: "Holder's phone" },
  facePhoto: { zh: '人脸照片', en: 'Face photo' },
  activatedAt: { zh: '激活时间', en: 'Activated' },
  validFrom: { zh: '生效日期', en: 'Valid from' },
  validUntil: { zh: '到期日期', en: 'Valid until' },
  entriesUsed: { zh: '已入园次数', en: 'Entries used' },
  orderNo: { zh: '订单号', en: 'Order number' },
  buyerName: { zh: '购买人', en: 'Buyer' },
  buyerPhone: { zh: '购买人手机号', en: "Buyer's phone" },
  source: { zh: '购买来源', en: 'Sold by' },
  payWay: { zh: '支付方式', en: 'Pay way' },
  amount: { zh: '金额', en: 'Amount' },
  status: { zh: '订单状态', en: 'Order status' },
  paidAt: { zh: '支付时间', en: 'Paid' },
  refundedAmount: { zh: '退款金额', en: 'Refunded' },
  reason: { zh: '原因', en: 'Reason' },
  createTime: { zh: '创建时间', en: 'Created' },
});

/** Texts of the card screens shared with the export. */
export const CardText = defineDict({
  exportKinds: { zh: '畅游卡种类', en: 'Travel card kinds' },
  exportCards: { zh: '畅游卡', en: 'Travel cards' },
  exportOrders: { zh: '畅游卡订单', en: 'Travel card orders' },
  permanentUntil: { zh: '永久', en: 'Permanent' },
  permanent: { zh: '永久有效', en: 'Permanent' },
  days: { zh: '激活后 {n} 天', en: '{n} days from activation' },
  dates: { zh: '{from} 至 {to}', en: '{from} to {to}' },
  perDay: { zh: '每日 {n} 次', en: '{n} a day' },
  perDayUnlimited: { zh: '每日不限次', en: 'any number a day' },
  total: { zh: '共 {n} 次', en: '{n} in all' },
  totalUnlimited: { zh: '总次数不限', en: 'no limit in all' },
  wholeArea: { zh: '全景区', en: 'Whole area' },
  yes: { zh: '是', en: 'Yes' },
  no: { zh: '否', en: 'No' },
});

const fill = (entry: DictEntry, lang: Lang, values: Record<string, string | number>) =>
  entry[lang].replace(/\{(\w+)\}/g, (whole, name: string) => String(values[name] ?? whole));

/** What a card kind's validity reads as: 永久有效, 激活后 365 天, 2026-01-01 至 2026-12-31. */
export function cardValidityText(
  kind: { validityType: number; validDays: number | null; validFrom: string | null; validTo: string | null },
  lang: Lang,
): string {
  if (kind.validityType === CARD_VALIDITY.permanent) return CardText.permanent[lang];
  if (kind.validDays != null) return fill(CardText.days, lang, { n: kind.validDays });
  return fill(CardText.dates, lang, { from: kind.validFrom ?? '', to: kind.validTo ?? '' });
}

/** What a card kind's entry limits read as: 每日 1 次，总次数不限. */
export function cardEntryText(kind: { perDayEntries: number; totalEntries: number }, lang: Lang): string {
  const perDay = kind.perDayEntries
    ? fill(CardText.perDay, lang, { n: kind.perDayEntries })
    : CardText.perDayUnlimited[lang];
  const total = kind.totalEntries
    ? fill(CardText.total, lang, { n: kind.totalEntries })
    : CardText.totalUnlimited[lang];
  return lang === 'zh' ? `${perDay}，${total}` : `${perDay}, ${total}`;
}

/** Spec §4 "redeem code" (docs/domain.md "Redeem codes" R1-R4); a voided code keeps its status. */
export const CardCodeStatus = defineDict({
  101: { zh: '未兑换', en: 'Not redeemed', color: 'blue' },
  201: { zh: '未激活', en: 'Not activated', color: 'orange' },
  301: { zh: '已激活', en: 'Activated', color: 'green' },
});
export type CardCodeStatusCode = keyof typeof CardCodeStatus;
export const CARD_CODE_STATUS = {
  notRedeemed: 101,
  notActivated: 201,
  activated: 301,
} as const satisfies Record<string, CardCodeStatusCode>;

/** The pay way of a card order bought with a redeem code (R2): nothing paid, not one of PayWay's. */
export const CARD_PAY_WAY_CODE = 0;

/** How a card order was paid, as the lists show it: spec §9's pay ways, and 0 for a redeem code. */
export const CardOrderPayWay = defineDict({
  [CARD_PAY_WAY_CODE]: { zh: '兑换码', en: 'Redeem code', color: 'gold' },
  ...PayWay,
});

/** Labels of redeem codes and their batches (/VipCard/cardCodes and the export). */
export const CardCodeField = defineDict({
  code: { zh: '兑换码', en: 'Code' },
  batchId: { zh: '批次', en: 'Batch' },
  count: { zh: '数量', en: 'Count' },
  redeemed: { zh: '已兑换', en: 'Redeemed' },
  note: { zh: '备注', en: 'Note' },
  status: { zh: '兑换状态', en: 'Status' },
  voided: { zh: '已作废', en: 'Voided' },
  voidedAt: { zh: '作废时间', en: 'Voided at' },
  redeemedAt: { zh: '兑换时间', en: 'Redeemed at' },
  createTime: { zh: '生成时间', en: 'Generated' },
});

export const CardCodeText = defineDict({
  exportCodes: { zh: '畅游卡兑换码', en: 'Travel card redeem codes' },
});

/** Whether a redeem code is voided (R4): the codes list's filter and tag. */
export const CardCodeVoided = defineDict({
  0: { zh: '有效', en: 'Valid', color: 'green' },
  1: { zh: '已作废', en: 'Voided', color: 'red' },
});

/** Money given back through an online provider (card_refunds, docs/payments.md "Travel cards"). */
export const CardRefundStatus = defineDict({
  created: { zh: '待退款', en: 'Waiting', color: 'orange' },
  transit: { zh: '退款中', en: 'Sent', color: 'blue' },
  done: { zh: '已退回', en: 'Returned', color: 'green' },
  failed: { zh: '退款失败', en: 'Failed', color: 'red' },
  external: { zh: '已线下退回', en: 'Paid back outside', color: 'cyan' },
});
export type CardRefundStatusCode = keyof typeof CardRefundStatus;

/** Labels of a card order's sale through the selling and member APIs (list, detail). */
export const CardSaleField = defineDict({
  channel: { zh: '销售终端', en: 'Sold through' },
  expiresAt: { zh: '支付截止', en: 'Pay by' },
  couponDiscount: { zh: '优惠券抵扣', en: 'Coupon' },
  refundStatus: { zh: '退款进度', en: 'Money back' },
  refundFailReason: { zh: '退款失败原因', en: 'Why the refund failed' },
});
