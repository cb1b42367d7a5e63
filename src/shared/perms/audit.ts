import { definePermissions } from './define.ts';

/** The audit and login logs (/sys/auditLog, /sys/loginLog). */
export const auditPermissions = definePermissions({
  sys: {
    'admin:audit:page': { zh: '查看操作日志', en: 'View audit log' },
    'admin:loginLog:page': { zh: '查看登录日志', en: 'View login log' },
  },
});
