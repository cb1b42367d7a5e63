/**
 * The public entry of the payments module: what other modules may use (eslint: a module reaches
 * another only through its index.ts). Routes are registered by app.ts, never imported.
 */
export type * from './adapters/adapter.ts';
export { NotificationRejected, ProviderError } from './adapters/adapter.ts';
export { hidePayAdapter, payAdapter, payAdapters, registerPayAdapter } from './pay-adapters.ts';
export { notifyUrlOf, paySettingsOf } from './payments.service.ts';
export { paymentSettings } from './payments.table.ts';
export {
  payTargets,
  refundReaders,
  type ConfirmedPayment,
  type DueRefund,
  type PayDue,
  type PayTarget,
  type RefundEnd,
} from './pay-targets.ts';
export { settleBeforeCancel, targetsInFlight } from './pay-expiry.ts';
