import { defineDict } from './dict.ts';

/** Column labels of the account list (/sys/admin): the console's table and the Excel export read them. */
export const AccountField = defineDict({
  username: { zh: '用户名', en: 'User name' },
  nickname: { zh: '昵称', en: 'Nickname' },
  admType: { zh: '账号类型', en: 'Account type' },
  payType: { zh: '支付方式', en: 'Pay type' },
  roles: { zh: '角色', en: 'Roles' },
  status: { zh: '状态', en: 'Status' },
  lastLoginTime: { zh: '最后登录', en: 'Last login' },
  createTime: { zh: '创建时间', en: 'Created' },
  introduction: { zh: '简介', en: 'Introduction' },
});

/** Column labels of the role list (/sys/role). */
export const RoleField = defineDict({
  code: { zh: '角色编码', en: 'Role code' },
  name: { zh: '角色名称', en: 'Role name' },
  scope: { zh: '范围', en: 'Scope' },
  remark: { zh: '备注', en: 'Remark' },
  permissionCount: { zh: '权限数', en: 'Permissions' },
  accountCount: { zh: '账号数', en: 'Accounts' },
  status: { zh: '状态', en: 'Status' },
  createTime: { zh: '创建时间', en: 'Created' },
  updateTime: { zh: '更新时间', en: 'Updated' },
});

/** Column labels of the OAuth client list (/sys/oauth). */
export const OauthField = defineDict({
  clientId: { zh: '客户端编号', en: 'Client id' },
  name: { zh: '名称', en: 'Name' },
  grantTypes: { zh: '授权方式', en: 'Grant types' },
  scope: { zh: '权限范围', en: 'Scope' },
  accessTokenTtl: { zh: '访问令牌有效期（秒）', en: 'Access token lifetime (s)' },
  refreshTokenTtl: { zh: '刷新令牌有效期（秒）', en: 'Refresh token lifetime (s)' },
  status: { zh: '状态', en: 'Status' },
  isPublic: { zh: '控制台公开客户端', en: 'Public console client' },
  createTime: { zh: '创建时间', en: 'Created' },
  updateTime: { zh: '更新时间', en: 'Updated' },
});

/** A role's scope: a platform role (no scenic area) or one of the acting area. */
export const RoleScope = defineDict({
  platform: { zh: '平台角色', en: 'Platform role' },
  area: { zh: '本景区', en: 'This scenic area' },
});

/** Texts of exported cells that are not a dictionary code of their own. */
export const SysCellText = defineDict({
  allPermissions: { zh: '全部权限', en: 'All permissions' },
  yes: { zh: '是', en: 'Yes' },
  no: { zh: '否', en: 'No' },
});

/** Names of the exported files of the system screens. */
export const SysExportText = defineDict({
  accounts: { zh: '账号列表', en: 'Accounts' },
  roles: { zh: '角色列表', en: 'Roles' },
  oauthClients: { zh: 'OAuth 客户端', en: 'OAuth clients' },
});
