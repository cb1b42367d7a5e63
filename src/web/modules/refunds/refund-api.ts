import type { RefundApplyDetail } from '../../../shared/api/refunds.ts';
import { get, post } from '../../lib/request.ts';

export const REFUND_APPLY_BASE = '/web/api/admin/refundApply';

/** One application with its order, ticket, gate events and refunds (refTicCheDet). */
export const refundApplyQuery = (id: number) => ({
  queryKey: ['refunds', 'detail', id] as const,
  queryFn: () => get<RefundApplyDetail>(`${REFUND_APPLY_BASE}/query`, { id }, { silent: true }),
});

export const approveRefundApply = (id: number) => post(`${REFUND_APPLY_BASE}/approve`, { id });
export const rejectRefundApply = (id: number, reason: string) =>
  post(`${REFUND_APPLY_BASE}/reject`, { id, reason });
export const markRefundDone = (refundId: number) => post('/web/api/admin/refund/markDone', { refundId });

/** Spec §7: the open applications of the acting area; 0 on any failure. */
export async function fetchPendingRefundCount(): Promise<number> {
  try {
    const n = await get<number>('/order/countRefundApply', undefined, { silent: true });
    return typeof n === 'number' && Number.isFinite(n) ? n : 0;
  } catch {
    return 0;
  }
}
