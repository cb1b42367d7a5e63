import { defineDict } from '../../../shared/dict/dict.ts';

/** What the distribution module says to users, in both languages (collected by src/server/messages.ts). */
export const distributionMessages = defineDict({
  distributorNotFound: { zh: '分销商不存在', en: 'Distributor not found' },
  distributorHeldInsufficient: {
    zh: '冻结的提现金额不足',
    en: 'Not enough money held for withdrawals',
  },
  distributorFrozen: {
    zh: '分销商已冻结，不能使用余额或授信',
    en: 'This distributor is frozen and cannot use its balance or credit',
  },
  distributorNotNormal: {
    zh: '分销商未启用或正在审核，不能使用余额或授信',
    en: 'This distributor is not enabled or under review and cannot use its balance or credit',
  },
  distributorBalanceInsufficient: {
    zh: '分销商余额不足：余额 {balance} 元，需 {amount} 元',
    en: 'Not enough distributor balance: {balance} CNY held, {amount} CNY needed',
  },
  distributorCreditInsufficient: {
    zh: '授信额度不足：可用 {available} 元（额度 {limit} 元，已用 {used} 元），需 {amount} 元',
    en: 'Not enough credit: {available} CNY available ({limit} CNY granted, {used} CNY used), {amount} CNY needed',
  },
  distributorCreditBelowUsed: {
    zh: '授信额度不能低于已用额度 {used} 元',
    en: 'The credit limit cannot be below the credit used, {used} CNY',
  },
  distributorRepayExceedsUsed: {
    zh: '还款 {amount} 元超过已用授信 {used} 元',
    en: 'A repayment of {amount} CNY exceeds the credit used, {used} CNY',
  },
  distributorAccountInvalid: {
    zh: '登录账号必须是本景区的分销商账号',
    en: 'The login account must be a distributor account of this scenic area',
  },
  distributorAccountTaken: {
    zh: '该账号已是另一个分销商的登录账号',
    en: 'This account is the login of another distributor',
  },
  distributorPaymentNotFound: {
    zh: '订单 {orderNo} 没有分销商余额或授信的扣款记录',
    en: 'Order {orderNo} has no debit of a distributor balance or credit',
  },
  distributorStateChanged: {
    zh: '分销商状态已变化，请刷新后重试',
    en: 'The distributor’s state has changed; refresh and try again',
  },
  distributorNeedsAccount: {
    zh: '分销商还没有登录账号',
    en: 'This distributor has no login account yet',
  },
  distributorTopUpNotFound: { zh: '充值记录不存在', en: 'Top-up not found' },
  distributorTopUpReviewed: {
    zh: '该充值已被处理，不能重复确认或驳回',
    en: 'This top-up has already been handled',
  },
  distributorTopUpNeedsDistributor: { zh: '请选择分销商', en: 'Choose a distributor' },
});
