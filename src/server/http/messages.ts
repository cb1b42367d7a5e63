import { defineDict, type Lang } from '../../shared/dict/dict.ts';

/** Every message the server sends to users, in both languages. `{name}` marks a parameter. */
export const Msg = defineDict({
  ok: { zh: '操作成功', en: 'Success' },
  badRequest: { zh: '请求参数错误', en: 'Bad request' },
  fieldInvalid: { zh: '参数 {field} 有误：{reason}', en: 'Invalid {field}: {reason}' },
  invalidJson: { zh: '请求内容不是有效的 JSON', en: 'The request body is not valid JSON' },
  unsupportedMediaType: { zh: '不支持的请求内容类型', en: 'Unsupported content type' },
  payloadTooLarge: { zh: '请求内容过大', en: 'The request is too large' },
  notFound: { zh: '请求的资源不存在', en: 'Not found' },
  serverError: { zh: '服务器内部错误，请稍后重试', en: 'Internal server error, please try again later' },
  tooManyRequests: {
    zh: '请求过于频繁，请 {seconds} 秒后再试',
    en: 'Too many requests, please retry in {seconds} seconds',
  },
  unauthorized: { zh: '未登录或登录已过期，请重新登录', en: 'Not logged in or the session has expired' },
  tokenExpired: { zh: '登录已过期，请重新登录', en: 'Your session has expired, please log in again' },
  accountDisabled: {
    zh: '账号已被禁用，请联系管理员',
    en: 'This account is disabled, contact your administrator',
  },
  forbidden: { zh: '没有权限执行此操作', en: 'You do not have permission to do this' },
  routeUndeclared: { zh: '该接口未声明访问权限', en: 'This endpoint declares no access rule' },
  otherScenic: {
    zh: '不能操作其他景区的数据',
    en: 'You cannot act on another scenic area',
  },
  scenicNotFound: { zh: '景区不存在', en: 'Scenic area not found' },
  scenicRequired: { zh: '景区id不能为空', en: 'The scenic area id cannot be empty' },
  invalidClient: { zh: '客户端认证失败', en: 'Client authentication failed' },
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
  decryptFailed: {
    zh: '无法解密，请刷新页面后重试',
    en: 'Could not decrypt the value, reload the page and try again',
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
  copyrightNotFound: { zh: '版权信息不存在', en: 'Copyright record not found' },
  imageTooLarge: { zh: '图片大小不能超过500K', en: 'The image must be smaller than 500 KB' },
  imageType: {
    zh: '为保证图片正常显示，仅支持jpg、jpeg、png、gif格式的图片上传',
    en: 'To display correctly, only jpg, jpeg, png and gif images can be uploaded',
  },
  fileRequired: { zh: '请选择要上传的文件', en: 'Choose a file to upload' },
  fieldTaken: { zh: '{field} 已存在，请换一个', en: '{field} is already taken' },
  inUse: {
    zh: '该记录正在被使用，不能删除或修改',
    en: 'This record is in use and cannot be removed or changed',
  },
  referenceMissing: { zh: '{field} 引用的记录不存在', en: 'The record {field} refers to does not exist' },
  recordNotFound: { zh: '记录不存在或已被删除', en: 'The record does not exist or was deleted' },
});
export type MsgKey = keyof typeof Msg;

export function translate(key: MsgKey, lang: Lang, params?: Record<string, string | number>): string {
  let text: string = Msg[key][lang];
  if (params) {
    for (const [name, value] of Object.entries(params)) text = text.replaceAll(`{${name}}`, String(value));
  }
  return text;
}

/** Chinese unless the request's Accept-Language prefers English (spec: zh default). */
export function pickLang(acceptLanguage: string | undefined): Lang {
  if (!acceptLanguage) return 'zh';
  const ranked = acceptLanguage
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().toLowerCase().split(';');
      const q = params.find((p) => p.trim().startsWith('q='));
      return { tag, q: q ? Number(q.trim().slice(2)) || 0 : 1 };
    })
    .filter((entry) => entry.tag.startsWith('zh') || entry.tag.startsWith('en'))
    .sort((a, b) => b.q - a.q);
  return ranked[0]?.tag.startsWith('en') ? 'en' : 'zh';
}
