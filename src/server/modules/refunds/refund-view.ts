import type { refunds } from './refunds.table.ts';

/** A refund as the order and refund screens show it. */
export function refundView(r: typeof refunds.$inferSelect) {
  return {
    id: r.id,
    paymentId: r.paymentId,
    refundRequestId: r.refundRequestId,
    ticketIds: r.ticketIds,
    amount: r.amount,
    status: r.status,
    providerRefundId: r.providerRefundId,
    failReason: r.failReason,
    reason: r.reason,
    createTime: r.createdAt.toISOString(),
    doneTime: r.doneAt?.toISOString() ?? null,
  };
}
