import { definePermissions } from './define.ts';

/** Ticket orders (/ticket/order). */
export const ordersPermissions = definePermissions({
  ticket: {
    'admin:order:page': { zh: '查看订单', en: 'View orders' },
    'admin:order:update': {
      zh: '处理订单（取消、出票、作废、重发通知）',
      en: 'Handle orders (cancel, issue, void, resend)',
    },
  },
});
