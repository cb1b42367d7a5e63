import { definePermissions } from './define.ts';

/** The area's online payment settings (/sys/payMentSet, issue 30). */
export const paymentsPermissions = definePermissions({
  sys: {
    'admin:payment:query': { zh: '查看支付设置', en: 'View payment settings' },
    'admin:payment:update': {
      zh: '修改支付设置、测试支付连接',
      en: 'Change payment settings and test the connection',
    },
    'admin:payment:reconcile': {
      zh: '支付对账：查看差异、补记、确认、重新对账',
      en: 'Payment reconciliation: view, settle and accept differences, run a statement again',
    },
  },
});
