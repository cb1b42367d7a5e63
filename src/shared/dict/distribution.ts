import { defineDict } from './dict.ts';

/** docs/product.md §4 channel state of a distributor: only a normal one buys on balance or credit. */
export const DistributorState = defineDict({
  1: { zh: '正常', en: 'Normal', color: 'green' },
  2: { zh: '已冻结', en: 'Frozen', color: 'red' },
  3: { zh: '未启用', en: 'Not enabled', color: 'default' },
  4: { zh: '审核中', en: 'Under review', color: 'orange' },
});
export type DistributorStateCode = keyof typeof DistributorState;
export const DISTRIBUTOR_STATE = { normal: 1, frozen: 2, notEnabled: 3, underReview: 4 } as const;

/**
 * Which stored value of a distributor a ledger row moves (docs/decisions.md "Distributor balance and
 * credit"): the prepaid balance (pay way 5), the credit used (pay way 8), or the money held for
 * withdrawals (taken off the balance at the request, paid out or released).
 */
export const DistributorAccount = defineDict({
  balance: { zh: '预存余额', en: 'Prepaid balance', color: 'blue' },
  credit: { zh: '授信', en: 'Credit', color: 'purple' },
  held: { zh: '提现冻结', en: 'Held for withdrawal', color: 'orange' },
});
export type DistributorAccountCode = keyof typeof DistributorAccount;
export const DISTRIBUTOR_ACCOUNT = { balance: 'balance', credit: 'credit', held: 'held' } as const;

/**
 * The kinds of distributor ledger rows and the sign of their change (checked by the database):
 * balance: top-up +, consume −, refund +, withdrawal hold −, hold release +, adjust ±;
 * credit (the credit used): credit use +, credit repay −, refund −, adjust ±;
 * held: withdrawal hold +, hold release −, payout −.
 */
export const DistributorLedgerKind = defineDict({
  1: { zh: '充值', en: 'Top-up', color: 'green' },
  2: { zh: '消费', en: 'Consume', color: 'orange' },
  3: { zh: '退款', en: 'Refund', color: 'blue' },
  4: { zh: '授信消费', en: 'Credit use', color: 'purple' },
  5: { zh: '授信还款', en: 'Credit repayment', color: 'cyan' },
  6: { zh: '提现冻结', en: 'Withdrawal hold', color: 'gold' },
  7: { zh: '冻结释放', en: 'Hold release', color: 'lime' },
  8: { zh: '提现打款', en: 'Payout', color: 'magenta' },
  9: { zh: '人工调整', en: 'Adjustment', color: 'default' },
});
export type DistributorLedgerKindCode = keyof typeof DistributorLedgerKind;
export const DISTRIBUTOR_LEDGER_KIND = {
  topUp: 1,
  consume: 2,
  refund: 3,
  creditUse: 4,
  creditRepay: 5,
  withdrawalHold: 6,
  holdRelease: 7,
  payout: 8,
  adjust: 9,
} as const satisfies Record<string, DistributorLedgerKindCode>;

/** A top-up by bank transfer (/disManage/recharge): recorded, then confirmed by finance or rejected. */
export const DistributorTopUpState = defineDict({
  1: { zh: '待确认', en: 'Pending', color: 'orange' },
  2: { zh: '已到账', en: 'Confirmed', color: 'green' },
  3: { zh: '已驳回', en: 'Rejected', color: 'red' },
});
export type DistributorTopUpStateCode = keyof typeof DistributorTopUpState;
export const DISTRIBUTOR_TOP_UP_STATE = { pending: 1, confirmed: 2, rejected: 3 } as const;

/** A record of /disManage/disgrant: a change of the credit limit or a repayment of credit used. */
export const DistributorCreditKind = defineDict({
  1: { zh: '授信调整', en: 'Limit change', color: 'purple' },
  2: { zh: '授信还款', en: 'Repayment', color: 'cyan' },
});
export type DistributorCreditKindCode = keyof typeof DistributorCreditKind;
export const DISTRIBUTOR_CREDIT_KIND = { limit: 1, repay: 2 } as const;

/** Column and field labels of the /disManage screens, shared with their Excel exports. */
export const DistributionField = defineDict({
  id: { zh: 'ID', en: 'ID' },
  distributor: { zh: '分销商', en: 'Distributor' },
  company: { zh: '公司名称', en: 'Company' },
  contact: { zh: '联系人', en: 'Contact' },
  phone: { zh: '联系电话', en: 'Phone' },
  username: { zh: '登录账号', en: 'Login account' },
  password: { zh: '登录密码', en: 'Password' },
  tier: { zh: '价格等级', en: 'Price tier' },
  state: { zh: '渠道状态', en: 'Channel state' },
  balance: { zh: '预存余额', en: 'Balance' },
  held: { zh: '提现冻结', en: 'Held' },
  creditLimit: { zh: '授信额度', en: 'Credit limit' },
  creditUsed: { zh: '已用授信', en: 'Credit used' },
  creditAvailable: { zh: '可用授信', en: 'Credit available' },
  remark: { zh: '备注', en: 'Remark' },
  createTime: { zh: '创建时间', en: 'Created' },
  applyTime: { zh: '申请时间', en: 'Applied' },
  reviewer: { zh: '审核人', en: 'Reviewer' },
  reviewTime: { zh: '审核时间', en: 'Reviewed' },
  reviewRemark: { zh: '审核意见', en: 'Review note' },
  account: { zh: '账户', en: 'Account' },
  kind: { zh: '类型', en: 'Kind' },
  change: { zh: '变动金额', en: 'Change' },
  amountAfter: { zh: '变动后', en: 'After' },
  reference: { zh: '关联单号', en: 'Reference' },
  operator: { zh: '操作人', en: 'Operator' },
  topUpNo: { zh: '充值单号', en: 'Top-up no.' },
  amount: { zh: '金额', en: 'Amount' },
  bankRef: { zh: '银行流水号', en: 'Bank reference' },
  transferDate: { zh: '转账日期', en: 'Transfer date' },
  voucher: { zh: '转账凭证', en: 'Voucher' },
  topUpState: { zh: '状态', en: 'State' },
  recorder: { zh: '登记人', en: 'Recorded by' },
  limitAfter: { zh: '调整后额度', en: 'Limit after' },
  usedAfter: { zh: '调整后已用', en: 'Used after' },
});

/** Names of the /disManage exports. */
export const DistributionText = defineDict({
  distributorsExport: { zh: '分销商列表', en: 'Distributors' },
  ledgerExport: { zh: '分销商余额明细', en: 'Distributor ledger' },
  topUpsExport: { zh: '分销商充值记录', en: 'Distributor top-ups' },
  creditExport: { zh: '分销商授信记录', en: 'Distributor credit records' },
});
