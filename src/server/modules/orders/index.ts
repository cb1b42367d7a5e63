/**
 * The public entry of the orders module: what other modules may use (eslint: a module reaches
 * another only through its index.ts). Routes are registered by app.ts, never imported.
 */
export {
  memberCallers,
  orderOwner,
  ownsOrder,
  salesChannels,
  sellingChannel,
  type MemberCallers,
  type OrderOwner,
  type SalesChannel,
} from './channels.ts';
export { addOrderTotals, compactOrderTotals, summaryAnswers, totalsFromSummary } from './order-totals.ts';
export { actorOf, cancelOrder, issueTickets, voidTickets } from './orders.service.ts';
export { orderTickets, payments, ticketOrders } from './orders.table.ts';
export {
  beginBulkLoad,
  moveTicketSql,
  recomputeOrderStatuses,
  summaryStatus,
  transitionTickets,
} from './ticket-state.service.ts';
export { placeOrder } from './order-placing.ts';
export { cancelAsCustomer, openOrderOf, ownOrder } from './selling.routes.ts';
export { findOrderByNo, orderTicketsOf } from './order-core.ts';
export { confirmPayment, type PaymentOutcome } from './order-payment.ts';
export { runOrderJobs } from './jobs.ts';
export { paymentProviders, settlePaymentsBeforeCancel, type PaymentProvider } from './providers/index.ts';
export { callerOf, withIdempotency } from './idempotency.ts';
export { sellableOn } from './sellable.ts';
export { lineBase, validity, type PlannedTicket } from './order-ticket-plan.ts';
export { at, type OrderRecord, type TicketRecord } from './order-core.ts';
export {
  releaseRefundedTicket,
  stockHolders,
  type HeldLine,
  type HeldTicket,
  type Offer,
  type StockHolder,
} from './order-stock.ts';
export {
  orderListeners,
  orderRefunded,
  pricingSteps,
  refundLedgers,
  storedValueOfProvider,
  storedValuePayWays,
  type OrderListener,
  type OrderRefund,
  type PricingStep,
  type RefundLedger,
  type StoredValuePayWay,
} from './order-money.ts';
