import { definePermissions } from './define.ts';

/** The area's online payment settings (/sys/payMentSet, issue 30). */
export const paymentsPermissions = definePermissions({
  sys: {
    'admin:payment:query': { zh: '查看支付设置', en: 'View payment settings' },
    'admin:payment:update': {
      zh: '修改支付设置、测试支付连接',
      en: 'Change payment settings and test the connection',
    },
  },
});
