/**
 * Refunds of ticket orders (docs/decisions.md "Refunds"), one file per responsibility: applications
 * (refund-requests.ts), staff refunds and refund completion (refund-money.ts), and what they share
 * (refund-core.ts).
 */
export * from './refund-core.ts';
export * from './refund-requests.ts';
export * from './refund-money.ts';
