import { defineDict } from '../dict/dict.ts';

/**
 * Custom validation messages of the shared schemas. A schema sets `error: 'key'`; the server's error
 * handler and the console's forms both show the label in the user's language.
 */
export const ValidationMessage = defineDict({
  pageSize: { zh: '每页条数只能是 10、20、30、50、100、400', en: 'must be one of 10, 20, 30, 50, 100, 400' },
  passwordPolicy: {
    zh: '密码须为 8-64 位，且同时包含字母和数字',
    en: 'must be 8-64 characters and contain both letters and digits',
  },
  encrypted: { zh: '须为公钥加密后的 Base64 文本', en: 'must be Base64 text encrypted with the public key' },
  copContent: {
    zh: '须为包含 siteIcon 和 siteTitle 的 JSON 文本',
    en: 'must be JSON text with siteIcon and siteTitle',
  },
  required: { zh: '不能为空', en: 'is required' },
  clientId: { zh: '不是已知的终端客户端', en: 'is not a known terminal client' },
  clientIdFormat: {
    zh: '只能包含字母、数字、下划线、点和短横线',
    en: 'may contain only letters, digits, underscores, dots and hyphens',
  },
  grantTypesUnique: { zh: '授权方式不能重复', en: 'must not repeat a grant type' },
  scopeFormat: {
    zh: '只能包含字母、数字、下划线、冒号、点和空格',
    en: 'may contain only letters, digits, underscores, colons, dots and spaces',
  },
  refreshTtl: {
    zh: '不能短于访问令牌有效期',
    en: 'must not be shorter than the access token lifetime',
  },
  timeOfDay: { zh: '须为 HH:mm 格式的时间', en: 'must be a time of day as HH:mm' },
  openBeforeClose: { zh: '须晚于开放时间', en: 'must be later than the opening time' },
  percentMax: { zh: '百分比不能超过 100', en: 'must not exceed 100 percent' },
  timeRange: { zh: '不能早于开始时间', en: 'must not be earlier than the start time' },
  usernameFormat: { zh: '不能包含空格或控制字符', en: 'must not contain spaces or control characters' },
  roleCodeFormat: {
    zh: '只能包含字母、数字、下划线、冒号、点和短横线',
    en: 'may contain only letters, digits, underscores, colons, dots and hyphens',
  },
  permissionUnknown: { zh: '包含权限目录中不存在的权限', en: 'contains a permission not in the catalogue' },
  imageUrl: {
    zh: '须为上传后的图片路径或 http(s) 地址',
    en: 'must be an uploaded image path or an http(s) address',
  },
});
export type ValidationMessageKey = keyof typeof ValidationMessage;
