import { defineDict } from '../../../shared/dict/dict.ts';

/** What the accounts module says to users, in both languages (collected by src/server/http/messages.ts). */
export const accountsMessages = defineDict({
  platformAdmTypeOnly: {
    zh: '仅平台管理员可以创建或设置平台管理员账号',
    en: 'only platform administrators can create or assign platform administrator accounts',
  },
  payTypeDistributorOnly: {
    zh: '仅分销商账号可以设置支付方式，其他账号须为“不适用”',
    en: 'only distributor accounts have a pay type; other accounts must use "not applicable"',
  },
  roleNotAssignable: {
    zh: '包含不存在或不能在本景区分配的角色',
    en: 'contains a role that does not exist or cannot be assigned in this scenic area',
  },
  permissionNotHeld: {
    zh: '只能授予自己拥有的权限：{perms}',
    en: 'you can only grant permissions you hold yourself: {perms}',
  },
  platformPermissionOnly: {
    zh: '仅平台管理员可以授予平台权限：{perms}',
    en: 'only platform administrators can grant platform permissions: {perms}',
  },
  roleAboveCaller: {
    zh: '该角色拥有您没有的权限，不能修改或删除',
    en: 'This role holds permissions you do not have, so you cannot change or delete it',
  },
  accountAboveCaller: {
    zh: '该账号拥有您没有的权限，不能修改、重置密码或删除',
    en: 'This account holds permissions you do not have, so you cannot change, reset or delete it',
  },
  cannotDeleteSelf: {
    zh: '不能删除当前登录的账号',
    en: 'You cannot delete the account you are logged in with',
  },
  cannotDisableSelf: {
    zh: '不能禁用当前登录的账号',
    en: 'You cannot disable the account you are logged in with',
  },
  lastWildcard: {
    zh: '必须至少保留一个启用的、拥有全部权限（*）的账号，否则将无人能管理系统',
    en: 'At least one enabled account must keep the wildcard permission (*), or nobody could administer the system',
  },
  passwordReset: {
    zh: '密码已重置，该账号的登录已失效，下次登录时须修改密码',
    en: 'Password reset; the account was signed out and must change the password at the next login',
  },
});
