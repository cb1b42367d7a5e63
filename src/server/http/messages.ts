import { defineDict, type DictEntry, type Lang } from '../../shared/dict/dict.ts';

/** The HTTP layer's own messages and those several modules share. */
const generalMessages = defineDict({
  ok: { zh: '操作成功', en: 'Success' },
  badRequest: { zh: '请求参数错误', en: 'Bad request' },
  fieldInvalid: { zh: '参数 {field} 有误：{reason}', en: 'Invalid {field}: {reason}' },
  invalidJson: { zh: '请求内容不是有效的 JSON', en: 'The request body is not valid JSON' },
  jsonTooDeep: {
    zh: '请求内容的 JSON 嵌套超过 {max} 层',
    en: 'The request body nests JSON more than {max} levels deep',
  },
  textNotStorable: {
    zh: '请求内容包含无法保存的字符（空字符 \\u0000 或不成对的代理字符）',
    en: 'The request holds characters that cannot be stored (a NUL \\u0000 or an unpaired surrogate)',
  },
  unsupportedMediaType: { zh: '不支持的请求内容类型', en: 'Unsupported content type' },
  payloadTooLarge: { zh: '请求内容过大', en: 'The request is too large' },
  notFound: { zh: '请求的资源不存在', en: 'Not found' },
  serverError: { zh: '服务器内部错误，请稍后重试', en: 'Internal server error, please try again later' },
  tooManyRequests: {
    zh: '请求过于频繁，请 {seconds} 秒后再试',
    en: 'Too many requests, please retry in {seconds} seconds',
  },
  unauthorized: { zh: '未登录或登录已过期，请重新登录', en: 'Not logged in or the session has expired' },
  forbidden: { zh: '没有权限执行此操作', en: 'You do not have permission to do this' },
  distributorRefused: {
    zh: '分销商账号不能使用此功能',
    en: 'Distributor accounts cannot use this function',
  },
  scenicNotFound: { zh: '景区不存在', en: 'Scenic area not found' },
  scenicRequired: { zh: '景区id不能为空', en: 'The scenic area id cannot be empty' },
  fieldTaken: { zh: '{field} 已存在，请换一个', en: '{field} is already taken' },
  transitionNotAllowed: {
    zh: '门票当前状态不允许此操作',
    en: 'The ticket’s current status does not allow this',
  },
  inUse: {
    zh: '该记录正在被使用，不能删除或修改',
    en: 'This record is in use and cannot be removed or changed',
  },
  referenceMissing: { zh: '{field} 引用的记录不存在', en: 'The record {field} refers to does not exist' },
  recordNotFound: { zh: '记录不存在或已被删除', en: 'The record does not exist or was deleted' },
});

type GeneralMessages = typeof generalMessages;

/**
 * Every message the server sends to users, by key: these general ones, and each module's own
 * (`<module>.messages.ts`), which src/server/messages.ts adds to this interface and to the
 * catalogue below. `{name}` marks a parameter.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merged by src/server/messages.ts
export interface MessageCatalogue extends GeneralMessages {}
export type MsgKey = keyof MessageCatalogue & string;

const catalogue: Record<string, DictEntry> = { ...generalMessages };

/** Adds a module's messages to the catalogue; a key already there is a programming error. */
export function addMessages(messages: Record<string, DictEntry>): void {
  for (const [key, entry] of Object.entries(messages)) {
    if (key in catalogue && catalogue[key] !== entry) throw new Error(`message ${key} declared twice`);
    catalogue[key] = entry;
  }
}

/** The general messages (the HTTP layer's own and those several modules share). */
export const Msg = generalMessages;

export function translate(key: MsgKey, lang: Lang, params?: Record<string, string | number>): string {
  const entry = catalogue[key];
  if (!entry) throw new Error(`unknown message ${key}`);
  let text: string = entry[lang];
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
