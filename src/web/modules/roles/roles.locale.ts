import { defineMessages } from '../../locales/define.ts';

/** The role screen (/sys/role) and its permission tree. */
export default {
  roles: defineMessages({
    zh: {
      status: '状态',
      code: '角色编码',
      name: '角色名称',
      remark: '备注',
      permissions: '权限',
      permissionCount: '权限数',
      accountCount: '账号数',
      allPermissions: '全部权限',
      platformRole: '平台角色',
      platformRoleHint: '平台角色不属于任何景区，可分配给所有景区的账号',
      scope: '范围',
      scopeArea: '本景区',
      wildcard: '全部权限（包括以后新增的权限）',
      wildcardKept: '该角色拥有全部权限（*），只有平台管理员可以更改这一项',
      notGrantableHint: '灰色的权限您自己没有（或仅平台管理员可授予），不能授予他人',
    },
    en: {
      status: 'Status',
      code: 'Role code',
      name: 'Role name',
      remark: 'Remark',
      permissions: 'Permissions',
      permissionCount: 'Permissions',
      accountCount: 'Accounts',
      allPermissions: 'All permissions',
      platformRole: 'Platform role',
      platformRoleHint:
        'A platform role belongs to no scenic area and can be given to accounts of every area',
      scope: 'Scope',
      scopeArea: 'This scenic area',
      wildcard: 'All permissions (including ones added later)',
      wildcardKept: 'This role holds all permissions (*); only a platform administrator can change that',
      notGrantableHint:
        'Greyed-out permissions are ones you do not hold yourself (or only a platform administrator grants), so you cannot grant them',
    },
  }),
};
