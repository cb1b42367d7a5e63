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
  payProviderUnreachable: {
    zh: '支付渠道暂时无法确认该订单的在途支付，订单未取消，请稍后再试',
    en: 'The payment provider cannot say now whether this order is being paid: it was not cancelled; try again shortly',
  },
  payDifferenceClosed: { zh: '该差异已处理', en: 'This difference has been dealt with already' },
  payDifferenceNotSettleable: {
    zh: '只有“我方缺失”的差异可以从渠道补记，其他差异请核实后确认',
    en: 'Only a line missing here can be settled from the provider; check the others and accept them',
  },
  payDifferenceUnknown: {
    zh: '我方没有这笔支付或退款的记录，无法补记；请核实后确认',
    en: 'We have no record of this payment or refund to settle it with: check it and accept it',
  },
  payDifferenceNotConfirmed: {
    zh: '渠道尚未确认这笔交易（{status}），请稍后再试',
    en: 'The provider does not confirm this line yet ({status}): try again later',
  },
  payStatementRunning: {
    zh: '该日对账单正在对账中，请稍后再试',
    en: 'This day’s statement is being matched right now: try again shortly',
  },
  payIntentNotFound: { zh: '支付单不存在', en: 'Payment not found' },
});
