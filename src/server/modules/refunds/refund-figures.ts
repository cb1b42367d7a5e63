import type { DashboardFigureSource } from '../../lib/dashboard-figures.ts';
import { countPendingRefundRequests } from './refund-requests.ts';

/** The dashboard's refund requests waiting for review (a state now: no day to compare). */
export const pendingRefundsFigure: DashboardFigureSource = {
  key: 'refundsPending',
  kind: 'count',
  permission: 'admin:refundApply:page',
  link: '/ticket/refundTicCheck',
  read: async ({ db, scenicId }) => ({
    value: await countPendingRefundRequests(db, scenicId),
    yesterday: null,
    lastYear: null,
  }),
};
