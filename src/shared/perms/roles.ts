import { definePermissions } from './define.ts';

/** Roles (/sys/role). */
export const rolesPermissions = definePermissions({
  sys: {
    'admin:role:page': { zh: '查看角色', en: 'View roles' },
    'admin:role:create': { zh: '新增角色', en: 'Create roles' },
    'admin:role:update': { zh: '编辑角色及权限', en: 'Edit roles and their permissions' },
    'admin:role:delete': { zh: '删除角色', en: 'Delete roles' },
  },
});
