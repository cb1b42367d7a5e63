import { definePermissions } from './define.ts';

/** Refunds and refund applications (/ticket/refundTicCheck). */
export const refundsPermissions = definePermissions({
  ticket: {
    'admin:order:refund': { zh: '发起退票', en: 'Refund tickets' },
    'admin:refundApply:page': { zh: '查看退票申请', en: 'View refund applications' },
    'admin:refundApply:review': { zh: '审核退票申请', en: 'Review refund applications' },
  },
});
