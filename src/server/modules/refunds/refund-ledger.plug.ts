import type { RefundLedger } from '../orders/index.ts';
import { refunds } from './refunds.table.ts';

/** Orders' refund ledger (orders/order-money.ts): a late or second payment's refund is a row here. */
export const refundTable: RefundLedger = {
  async record(tx, refund) {
    await tx.insert(refunds).values(refund);
  },
};
