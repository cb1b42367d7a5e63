import { DISTRIBUTOR_STATE, DISTRIBUTOR_TOP_UP_STATE } from '../dict/distribution.ts';

/**
 * The moves of a distributor's channel state and of a top-up by bank transfer (docs/decisions.md
 * "Distributor screens"). The server applies each as a compare-and-set (`where state in from`);
 * anything not listed is forbidden.
 */
export const DISTRIBUTOR_TRANSITIONS = {
  /** /disManage/information: an application is approved (its login account is created if missing) */
  approve: { from: [DISTRIBUTOR_STATE.underReview], to: DISTRIBUTOR_STATE.normal },
  /** /disManage/information: an application is rejected */
  reject: { from: [DISTRIBUTOR_STATE.underReview], to: DISTRIBUTOR_STATE.notEnabled },
  /** /disManage/accManage: a distributor not enabled is enabled (it needs its login account) */
  enable: { from: [DISTRIBUTOR_STATE.notEnabled], to: DISTRIBUTOR_STATE.normal },
  freeze: { from: [DISTRIBUTOR_STATE.normal], to: DISTRIBUTOR_STATE.frozen },
  unfreeze: { from: [DISTRIBUTOR_STATE.frozen], to: DISTRIBUTOR_STATE.normal },
} as const;
export type DistributorMoveName = keyof typeof DISTRIBUTOR_TRANSITIONS;

export const DISTRIBUTOR_TOP_UP_TRANSITIONS = {
  /** finance sees the money on the account: the balance is credited once */
  confirm: { from: [DISTRIBUTOR_TOP_UP_STATE.pending], to: DISTRIBUTOR_TOP_UP_STATE.confirmed },
  reject: { from: [DISTRIBUTOR_TOP_UP_STATE.pending], to: DISTRIBUTOR_TOP_UP_STATE.rejected },
} as const;
