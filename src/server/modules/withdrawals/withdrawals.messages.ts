import { defineDict } from '../../../shared/dict/dict.ts';

/** What the withdrawals module says to users, in both languages (collected by src/server/messages.ts). */
export const withdrawalsMessages = defineDict({
  withdrawalNotFound: { zh: '提现记录不存在', en: 'Withdrawal not found' },
  withdrawalSelfReview: {
    zh: '不能审核或打款自己申请的提现',
    en: 'You cannot review or pay out a withdrawal you requested',
  },
  withdrawalTwoPersonPayout: {
    zh: '本景区启用了“双人打款”：审核通过该提现的账号不能再为其打款，请由另一名员工打款',
    en: 'Two people for money out is on in this area: the account that approved this withdrawal cannot also pay it; another staff member must pay it',
  },
  withdrawalStateChanged: {
    zh: '提现状态已变化，请刷新后重试',
    en: 'This withdrawal has changed meanwhile; refresh and try again',
  },
  withdrawalNoDistributor: {
    zh: '请选择分销商',
    en: 'Choose the distributor',
  },
});
