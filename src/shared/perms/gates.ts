import { definePermissions } from './define.ts';

/** Gates (/terminal/gateManage). */
export const gatesPermissions = definePermissions({
  terminal: {
    'admin:gate:page': { zh: '查看闸机', en: 'View gates' },
  },
});
