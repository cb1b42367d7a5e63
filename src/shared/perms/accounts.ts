import { definePermissions } from './define.ts';

/** Accounts (/sys/admin). */
export const accountsPermissions = definePermissions({
  sys: {
    'admin:admin:page': { zh: '查看账号', en: 'View accounts' },
    'admin:admin:create': { zh: '新增账号', en: 'Create accounts' },
    'admin:admin:update': { zh: '编辑账号', en: 'Edit accounts' },
    'admin:admin:delete': { zh: '删除账号', en: 'Delete accounts' },
    'admin:admin:resetPassword': { zh: '重置账号密码', en: 'Reset account passwords' },
  },
});
