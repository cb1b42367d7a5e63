import { definePermissions } from './define.ts';

/** Terminals (/terminal/terminal). */
export const terminalsPermissions = definePermissions({
  terminal: {
    'admin:terminal:page': { zh: '查看终端', en: 'View terminals' },
    'admin:terminal:create': { zh: '登记、删除终端', en: 'Register and delete terminals' },
    'admin:terminal:update': {
      zh: '编辑、停用终端，重置终端密钥',
      en: 'Edit and disable terminals, rotate their secrets',
    },
  },
});
