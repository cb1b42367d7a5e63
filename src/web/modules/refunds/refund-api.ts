import { refundApi, refundApplyApi, type RefundApplyDetail } from '../../../shared/api/refunds.ts';
import { get, post } from '../../lib/request.ts';

/** One application with its order, ticket, gate events and refunds (refTicCheDet). */
export const refundApplyQuery = (id: number) => ({
  queryKey: ['refunds', 'detail', id] as const,
  queryFn: () => get<RefundApplyDetail>(refundApplyApi.query, { id }, { silent: true }),
});

export const approveRefundApply = (id: number) => post(refundApplyApi.approve, { id });
export const rejectRefundApply = (id: number, reason: string) => post(refundApplyApi.reject, { id, reason });
export const markRefundDone = (refundId: number) => post(refundApi.markDone, { refundId });
