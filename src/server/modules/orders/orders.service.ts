/**
 * The ticket order aggregate (docs/decisions.md "Order core"), one file per responsibility:
 * placing (T1/T2), payment (T3, late payments T6/T7), closing (cancel T4/T5, validity end
 * T24/T14/T13), issue and void (T8, T23); order-core.ts holds what they share.
 */
export * from './order-core.ts';
export * from './order-placing.ts';
export * from './order-payment.ts';
export * from './order-closing.ts';
export * from './order-issue.ts';
