import { definePermissions } from './define.ts';

/** Withdrawals of distributors (/disManage/haul). */
export const withdrawalsPermissions = definePermissions({
  distribution: {
    'admin:haul:page': { zh: '查看提现记录', en: 'View withdrawals' },
    'admin:haul:apply': { zh: '申请、撤销提现', en: 'Request and cancel withdrawals' },
    'admin:haul:review': { zh: '审核提现', en: 'Review withdrawals' },
    'admin:haul:pay': { zh: '提现打款', en: 'Pay out withdrawals' },
  },
});
