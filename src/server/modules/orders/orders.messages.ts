import { defineDict } from '../../../shared/dict/dict.ts';

/** What the orders module says to users, in both languages (collected by src/server/http/messages.ts). */
export const ordersMessages = defineDict({
  balancePaysAtOrder: {
    zh: '会员余额只能在下单时支付（payNow.payWay = 9）',
    en: 'The member balance pays only when the order is placed (payNow.payWay = 9)',
  },
  agencyPaysAtOrder: {
    zh: '分销商余额和授信只能在下单时支付（payNow.payWay = 5 或 8）',
    en: 'A distributor balance or credit pays only when the order is placed (payNow.payWay = 5 or 8)',
  },
  agencyNeedsDistributor: {
    zh: '分销商余额和授信只能支付分销商账号的订单',
    en: 'A distributor balance or credit pays only for orders of a distributor account',
  },
  orderNotFound: { zh: '订单不存在', en: 'Order not found' },
  orderProductNotFound: { zh: '产品 {id} 不存在', en: 'Product {id} not found' },
  orderProductOffShelf: { zh: '产品“{name}”已下架', en: 'Product "{name}" is off shelf' },
  orderChannelNotAllowed: {
    zh: '当前渠道不能售卖产品“{name}”',
    en: 'This channel may not sell product "{name}"',
  },
  clientNotSelling: { zh: '该客户端不是售票渠道', en: 'This client is not a sales channel' },
  orderLimitPerIdNumber: {
    zh: '证件 {idNumber} 在 {date} 最多可购买“{name}” {limit} 张',
    en: 'ID {idNumber} may buy at most {limit} of "{name}" for {date}',
  },
  paymentAmountMismatch: {
    zh: '支付金额 {amount} 与应付金额 {due} 不一致（单位：分）',
    en: 'The payment amount {amount} does not equal the amount due {due} (cents)',
  },
  paymentProviderUnknown: { zh: '未知的支付渠道 {provider}', en: 'Unknown payment provider {provider}' },
  paymentTxnOtherOrder: {
    zh: '该支付流水号已用于其他订单',
    en: 'This payment transaction belongs to another order',
  },
  idempotencyKeyReused: {
    zh: '该幂等键已用于另一个请求',
    en: 'This Idempotency-Key was used for a different request',
  },
  idempotencyInProgress: {
    zh: '相同幂等键的请求正在处理，请稍后重试',
    en: 'A request with this Idempotency-Key is in progress, retry later',
  },
});
