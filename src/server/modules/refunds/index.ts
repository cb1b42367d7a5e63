/**
 * The public entry of the refunds module: what other modules may use (eslint: a module reaches
 * another only through its index.ts). Routes are registered by app.ts, never imported.
 */
export { refundView } from './refund-view.ts';
export { refundRequests, refunds } from './refunds.table.ts';
export { markRefundDone, staffRefund } from './refund-money.ts';
export { approveRefundRequest, requestRefund } from './refund-requests.ts';
