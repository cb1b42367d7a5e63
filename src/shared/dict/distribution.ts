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
