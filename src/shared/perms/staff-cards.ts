import { definePermissions } from './define.ts';

/** Staff cards (/ticket/entryCode). */
export const staffCardsPermissions = definePermissions({
  ticket: {
    'admin:entryCode:page': { zh: '查看员工卡', en: 'View staff cards' },
    'admin:entryCode:create': { zh: '新增员工卡', en: 'Create staff cards' },
    'admin:entryCode:update': { zh: '编辑员工卡', en: 'Edit staff cards' },
    'admin:entryCode:delete': { zh: '删除员工卡', en: 'Delete staff cards' },
  },
});
