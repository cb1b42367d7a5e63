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
});
export type ValidationMessageKey = keyof typeof ValidationMessage;
