/**
 * The public entry of the distribution module: what other modules may use (eslint: a module reaches
 * another only through its index.ts).
 */
export {
  accountOfPayWay,
  createDistributor,
  creditDistributor,
  debitDistributor,
  distributorLedgerMismatches,
  distributorOfAccount,
  holdForWithdrawal,
  payOutWithdrawal,
  releaseWithdrawalHold,
  refundDistributorPayment,
  repayDistributorCredit,
  setDistributorCreditLimit,
  setDistributorState,
  topUpDistributor,
} from './ledger.service.ts';
export type {
  AgencyPayWay,
  DistributorLedgerEntry,
  DistributorLedgerMismatch,
  DistributorMove,
  NewDistributor,
} from './ledger.service.ts';
export { distributorLedger, distributors } from './distribution.table.ts';
export { distributorOfClient } from './distribution.service.ts';
export { seedDemoDistributorLedger } from './distribution-history.seed.ts';
export type { Distributor, DistributorLedgerRow } from './distribution.table.ts';
