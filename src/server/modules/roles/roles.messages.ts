import { defineDict } from '../../../shared/dict/dict.ts';

/** What the roles module says to users, in both languages (collected by src/server/http/messages.ts). */
export const rolesMessages = defineDict({
  platformRoleOnly: {
    zh: '仅平台管理员可以创建平台角色',
    en: 'only platform administrators can create platform roles',
  },
  roleInUse: {
    zh: '该角色已分配给 {count} 个账号，请先取消分配后再删除',
    en: 'This role is assigned to {count} account(s); unassign it before deleting it',
  },
});
