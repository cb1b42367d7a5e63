import { defineDict } from '../../../shared/dict/dict.ts';

/** What the cards module says to users, in both languages (collected by src/server/messages.ts). */
export const cardsMessages = defineDict({
  cardKindHasOrders: {
    zh: '该卡种类已售出 {count} 张，不能删除，可以下架',
    en: '{count} cards of this kind were sold; it cannot be deleted, take it off the shelf instead',
  },
  cardKindHasCodes: {
    zh: '该卡种类已生成兑换码，不能删除，可以下架',
    en: 'Redeem codes were generated for this kind; it cannot be deleted, take it off the shelf instead',
  },
  cardOrderMoved: {
    zh: '畅游卡订单当前状态不允许此操作，请刷新后重试',
    en: 'The card order is not in a status that allows this; refresh and try again',
  },
  cardRefundNotFailed: {
    zh: '该订单没有失败的退款，请刷新后重试',
    en: 'This order has no failed refund; refresh and try again',
  },
  cardMoved: {
    zh: '畅游卡当前状态不允许此操作，请刷新后重试',
    en: 'The card is not in a state that allows this; refresh and try again',
  },
  cardOutsideDates: {
    zh: '该卡仅在 {from} 至 {to} 期间有效，今天 {today} 不能激活',
    en: 'This card is valid from {from} to {to} only; it cannot be activated today ({today})',
  },
  cardNotTimed: {
    zh: '永久有效或未激活的卡不能延期',
    en: 'A permanent or not yet activated card cannot be extended',
  },
  cardCodeNotFound: {
    zh: '兑换码不存在或不属于当前景区',
    en: 'No such redeem code in this area',
  },
  cardCodeUsed: {
    zh: '兑换码已兑换或已作废，请刷新后重试',
    en: 'The redeem code has been redeemed or voided; refresh and try again',
  },
  cardCodeVoided: { zh: '兑换码已作废', en: 'The redeem code has been voided' },
  cardCodeBatchVoided: { zh: '该批次已作废', en: 'This batch has already been voided' },
  cardNotSoldBySource: {
    zh: '该卡种类不在此渠道销售',
    en: 'This card kind is not sold through this channel',
  },
  cardCouponNotForCards: {
    zh: '该优惠券不能用于购买畅游卡（仅通用、全部商品可用的优惠券适用）',
    en: 'This coupon is not for travel cards (only general coupons of all products are)',
  },
  payDescriptionCard: { zh: '畅游卡订单 {orderNo}', en: 'Travel card order {orderNo}' },
  cardUsedRefundNeedsAmount: {
    zh: '该卡已入园使用，退款须由工作人员填写退款金额',
    en: 'This card has been used; a refund needs the amount chosen by staff',
  },
});

/** Why a single field of a card request is refused (FieldError reasons). */
export const CardFieldReason = defineDict({
  kindNotSellable: {
    zh: '须为本景区已上架且可在景区后台销售的卡种类',
    en: 'must be a card kind of this area, on shelf and sold by the back office',
  },
  realNameRequired: {
    zh: '该卡种类要求实名，须填写',
    en: 'is required: this card kind is sold by real name',
  },
  photoRequired: {
    zh: '该卡种类激活须上传人脸照片',
    en: 'is required: this card kind needs a face photo to activate',
  },
  kindOfArea: { zh: '须为本景区的畅游卡种类', en: 'must be a card kind of this area' },
  amountOverPaid: { zh: '不能超过实付金额', en: 'cannot exceed the amount paid' },
  kindNotOnSale: {
    zh: '须为本景区已上架的畅游卡种类',
    en: 'must be a card kind of this area, on shelf',
  },
  holderNeedsPayWay: {
    zh: '未支付的订单不能填写持卡人，支付后再激活',
    en: 'cannot be given for an order paid later: activate the card once it is paid',
  },
  payWayNotForCard: {
    zh: '须为现金、POS 刷卡或挂账（微信支付、支付宝请走在线支付）',
    en: 'must be cash, POS or on account (WeChat Pay and Alipay are paid online)',
  },
});
