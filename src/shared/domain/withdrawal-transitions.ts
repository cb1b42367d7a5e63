import { WITHDRAWAL_STATE as W } from '../dict/withdrawals.ts';
import { SETTLEMENT_BATCH_STATE as B } from '../dict/settlement.ts';

/**
 * The moves of a distributor's withdrawal and of a settlement batch (docs/decisions.md
 * "Withdrawals and settlement"). The server applies each as a compare-and-set (`where state in
 * from`); anything not listed is refused (409).
 */
export const WITHDRAWAL_TRANSITIONS = {
  /** staff other than the requester agree; the money stays held */
  approve: { from: [W.requested], to: W.approved },
  /** staff refuse; the hold is released to the balance */
  reject: { from: [W.requested, W.approved], to: W.rejected },
  /** the distributor (or staff) withdraws the request; the hold is released */
  cancel: { from: [W.requested], to: W.canceled },
  /** finance transferred the money (bank reference); the held money is paid out */
  pay: { from: [W.approved], to: W.paid },
} as const;
export type WithdrawalMove = keyof typeof WITHDRAWAL_TRANSITIONS;

export const SETTLEMENT_BATCH_TRANSITIONS = {
  /** T25: the batch's tickets move to 405 with their settlement rows */
  close: { from: [B.draft], to: B.closed },
  discard: { from: [B.draft], to: B.discarded },
} as const;
export type SettlementBatchMove = keyof typeof SETTLEMENT_BATCH_TRANSITIONS;
