import { definePermissions } from './define.ts';

/** Copyright and branding (/copyright); a platform permission. */
export const copyrightPermissions = definePermissions({
  sys: {
    'admin:copyright:manage': { zh: '版权信息管理', en: 'Manage copyright and branding' },
  },
});
