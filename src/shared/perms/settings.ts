import { definePermissions } from './define.ts';

/** The scenic area's settings (/sys/setting). */
export const settingsPermissions = definePermissions({
  sys: {
    'admin:setting:query': { zh: '查看景区设置', en: 'View scenic-area settings' },
    'admin:setting:update': { zh: '修改景区设置', en: 'Change scenic-area settings' },
  },
});
