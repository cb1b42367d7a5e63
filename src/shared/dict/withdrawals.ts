import { defineDict } from './dict.ts';

/**
 * A distributor's withdrawal (docs/domain.md: requested (funds held) → approved → paid | rejected
 * (hold released) | canceled). Spec §4's two columns are derived from it: the review status (0
 * applied, 1 agreed, 2 rejected) and the bank state (1 reviewing, 2 withdrawn, 3 passed, 4 rejected).
 */
export const WithdrawalState = defineDict({
  1: { zh: '已申请', en: 'Requested', color: 'orange' },
  2: { zh: '已同意', en: 'Approved', color: 'blue' },
  3: { zh: '已打款', en: 'Paid out', color: 'green' },
  4: { zh: '已拒绝', en: 'Rejected', color: 'red' },
  5: { zh: '已撤销', en: 'Canceled', color: 'default' },
});
export type WithdrawalStateCode = keyof typeof WithdrawalState;
export const WITHDRAWAL_STATE = { requested: 1, approved: 2, paid: 3, rejected: 4, canceled: 5 } as const;

/** Spec §4 review status (0 applied, 1 agreed, 2 rejected). */
export const WithdrawalReview = defineDict({
  0: { zh: '申请中', en: 'Applied', color: 'orange' },
  1: { zh: '同意', en: 'Agreed', color: 'green' },
  2: { zh: '拒绝', en: 'Rejected', color: 'red' },
});
/** Spec §4 bank state (1 reviewing, 2 withdrawn, 3 passed, 4 rejected). */
export const WithdrawalBankState = defineDict({
  1: { zh: '审核中', en: 'Reviewing', color: 'orange' },
  2: { zh: '已提现', en: 'Withdrawn', color: 'green' },
  3: { zh: '审核通过', en: 'Passed', color: 'blue' },
  4: { zh: '已驳回', en: 'Rejected', color: 'red' },
});

/** The spec's two columns of a withdrawal state (a canceled request counts as rejected). */
export function withdrawalSpecCodes(state: WithdrawalStateCode): { review: 0 | 1 | 2; bank: 1 | 2 | 3 | 4 } {
  switch (state) {
    case WITHDRAWAL_STATE.requested:
      return { review: 0, bank: 1 };
    case WITHDRAWAL_STATE.approved:
      return { review: 1, bank: 3 };
    case WITHDRAWAL_STATE.paid:
      return { review: 1, bank: 2 };
    default:
      return { review: 2, bank: 4 };
  }
}

export const WithdrawalField = defineDict({
  withdrawalNo: { zh: '提现单号', en: 'Withdrawal no.' },
  distributor: { zh: '分销商', en: 'Distributor' },
  amount: { zh: '提现金额', en: 'Amount' },
  bankName: { zh: '开户银行', en: 'Bank' },
  bankAccount: { zh: '银行账号', en: 'Bank account' },
  accountName: { zh: '户名', en: 'Account name' },
  state: { zh: '状态', en: 'State' },
  review: { zh: '审核状态', en: 'Review' },
  bankState: { zh: '银行状态', en: 'Bank state' },
  requestedBy: { zh: '申请人', en: 'Requested by' },
  reviewedBy: { zh: '审核人', en: 'Reviewed by' },
  reviewRemark: { zh: '审核备注', en: 'Review remark' },
  bankReference: { zh: '银行流水号', en: 'Bank reference' },
  createTime: { zh: '申请时间', en: 'Requested at' },
  reviewedAt: { zh: '审核时间', en: 'Reviewed at' },
  paidAt: { zh: '打款时间', en: 'Paid at' },
  remark: { zh: '备注', en: 'Remark' },
});

export const WithdrawalText = defineDict({
  export: { zh: '提现记录', en: 'Withdrawals' },
});
