import { definePermissions } from './define.ts';

/** Gates (/terminal/gateManage). */
export const gatesPermissions = definePermissions({
  terminal: {
    'admin:gate:page': { zh: '查看闸机', en: 'View gates' },
    'admin:gate:create': { zh: '新增、删除闸机', en: 'Add and delete gates' },
    'admin:gate:update': {
      zh: '编辑闸机（类型、通行、准入、开放时间、设备）',
      en: 'Edit gates (type, pass state, admissions, hours, devices)',
    },
  },
});
