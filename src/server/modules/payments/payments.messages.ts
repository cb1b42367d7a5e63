import { defineDict } from '../../../shared/dict/dict.ts';

/** What the payments module says to users, in both languages (collected by src/server/messages.ts). */
export const paymentsMessages = defineDict({
  payAdapterMissing: {
    zh: '该支付方式尚未接入支付渠道，暂不能测试连接',
    en: 'No provider adapter is installed for this pay way yet: the connection cannot be tested',
  },
  paySettingsMissing: {
    zh: '请先保存该支付方式的设置',
    en: 'Save the settings of this pay way first',
  },
  payDescriptionTicket: { zh: '门票订单 {orderNo}', en: 'Ticket order {orderNo}' },
  orderNotPayable: {
    zh: '该订单当前不能支付（已支付、已取消或已过支付期限）',
    en: 'This order cannot be paid now (already paid, cancelled or past its payment deadline)',
  },
  payTargetUnknown: { zh: '未知的支付对象 {target}', en: 'Unknown payment target {target}' },
  payWayNotEnabled: {
    zh: '本景区未开通该支付方式（{payWay}）',
    en: 'This area has not enabled this pay way ({payWay})',
  },
  payProviderFailed: {
    zh: '支付渠道未能创建支付：{code} {providerMessage}',
    en: 'The payment provider did not create the payment: {code} {providerMessage}',
  },
  payIntentNotFound: { zh: '支付单不存在', en: 'Payment not found' },
});
