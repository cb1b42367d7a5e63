/**
 * The public entry of the withdrawals module: what other modules may use (eslint: a module reaches
 * another only through its index.ts).
 */
export { ownDistributor } from './withdrawals-http.ts';
export { moveWithdrawal, requestWithdrawal } from './withdrawals.service.ts';
export { withdrawals } from './withdrawals.table.ts';
