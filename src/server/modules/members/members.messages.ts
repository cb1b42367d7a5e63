import { defineDict } from '../../../shared/dict/dict.ts';

/** What the members module says to users, in both languages (collected by src/server/messages.ts). */
export const membersMessages = defineDict({
  memberNotFound: { zh: '会员不存在', en: 'Member not found' },
  memberFrozen: { zh: '该会员已被冻结', en: 'This member is frozen' },
  memberPhoneTaken: { zh: '手机号 {phone} 已被其他会员绑定', en: 'Phone {phone} is bound to another member' },
  memberPhoneNotBound: { zh: '该会员未绑定手机号', en: 'This member has no phone bound' },
  balanceInsufficient: {
    zh: '会员余额不足：余额 {balance} 元，需 {amount} 元',
    en: 'Not enough member balance: {balance} CNY held, {amount} CNY needed',
  },
  counterPasswordWrong: { zh: '操作员密码错误', en: 'The operator password is wrong' },
  memberLevelNotFound: { zh: '会员等级不存在', en: 'Member level not found' },
  memberLevelInUse: {
    zh: '等级 {name} 下还有 {count} 名会员，不能删除，可以停用',
    en: 'Level {name} has {count} member(s) and cannot be deleted; disable it instead',
  },
  memberLevelThresholdTaken: {
    zh: '已有相同升级门槛的等级',
    en: 'Another level has the same threshold',
  },
  rechargeRuleNotFound: { zh: '充值规则不存在', en: 'Top-up rule not found' },
  rechargeRuleAmountTaken: {
    zh: '已有充值 {amount} 元的规则',
    en: 'A rule for a top-up of {amount} CNY exists already',
  },
  rechargeNotFound: { zh: '充值记录不存在', en: 'Top-up not found' },
  rechargeNotPending: { zh: '该充值单已到账或已关闭', en: 'This top-up is paid or closed already' },
  payDescriptionTopUp: { zh: '会员充值 {rechargeNo}', en: 'Member top-up {rechargeNo}' },
  rechargeAmountMismatch: {
    zh: '支付金额 {amount} 分与充值金额 {due} 分不符',
    en: 'Paid {amount} cents, but the top-up is {due} cents',
  },
  travellerNotFound: { zh: '常用出行人不存在', en: 'Traveller not found' },
  travellerTaken: { zh: '该证件号码的出行人已存在', en: 'A traveller with this ID number exists already' },
  memberTokenRequired: {
    zh: '请先登录会员（缺少 X-Member-Token）',
    en: 'Sign the member in first (X-Member-Token missing)',
  },
  memberTokenInvalid: {
    zh: '会员登录已失效，请重新登录',
    en: 'The member session has expired; sign in again',
  },
  memberClientOnly: {
    zh: '只有小程序客户端可以代表会员调用',
    en: 'Only the mini-program client may act for members',
  },
});
