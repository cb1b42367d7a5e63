import { defineDict } from '../../../shared/dict/dict.ts';

/** What the auth module says to users, in both languages (collected by src/server/http/messages.ts). */
export const authMessages = defineDict({
  tokenExpired: { zh: '登录已过期，请重新登录', en: 'Your session has expired, please log in again' },
  accountDisabled: {
    zh: '账号已被禁用，请联系管理员',
    en: 'This account is disabled, contact your administrator',
  },
  routeUndeclared: { zh: '该接口未声明访问权限', en: 'This endpoint declares no access rule' },
  otherScenic: {
    zh: '不能操作其他景区的数据',
    en: 'You cannot act on another scenic area',
  },
  invalidClient: { zh: '客户端认证失败', en: 'Client authentication failed' },
  callerRefused: {
    zh: '该客户端不能调用此接口',
    en: 'This client may not call this endpoint',
  },
  clientOtherArea: {
    zh: '该客户端属于其他景区，不能操作本景区',
    en: 'This client belongs to another scenic area and cannot act here',
  },
  shopAccountRefused: {
    zh: '商城账号只能使用商城功能',
    en: 'Shop accounts can only use the shop',
  },
  clientNotFound: { zh: '客户端不存在', en: 'Client not found' },
  unsupportedGrant: { zh: '该客户端不支持此授权方式', en: 'This client does not support this grant type' },
  invalidGrant: { zh: '用户名或密码错误', en: 'Incorrect username or password' },
  accountLocked: {
    zh: '登录失败次数过多，请 {minutes} 分钟后再试',
    en: 'Too many failed logins, please try again in {minutes} minutes',
  },
  refreshInvalid: {
    zh: '刷新令牌无效或已过期，请重新登录',
    en: 'The refresh token is invalid or has expired, please log in again',
  },
  passwordChangeRequired: {
    zh: '首次登录请先修改初始密码',
    en: 'Please change your initial password before logging in',
  },
  passwordChangeNotRequired: {
    zh: '该账号无需修改初始密码',
    en: 'This account has no initial password to change',
  },
  oldPasswordWrong: { zh: '原密码错误', en: 'The current password is incorrect' },
  passwordUnchanged: {
    zh: '新密码不能与原密码相同',
    en: 'The new password must differ from the current one',
  },
  passwordChanged: {
    zh: '密码已修改，其他设备上的登录已失效',
    en: 'Password changed; sessions on other devices were signed out',
  },
  logoutOk: { zh: '已退出登录', en: 'Logged out' },
  copyrightLoginRequired: {
    zh: '请先登录版权管理',
    en: 'Please log in to copyright management first',
  },
});
