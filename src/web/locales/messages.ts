import type { DictEntry } from '../../shared/dict/dict.ts';

/** Texts of the start page; the console's full locale files replace this with its shell. */
export const messages = {
  title: { zh: '景区票务运营管理平台', en: 'Scenic-area ticketing back office' },
  server: { zh: '服务状态', en: 'Server status' },
  ready: { zh: '正常，数据库：{db}', en: 'Ready, database: {db}' },
  unavailable: { zh: '不可用', en: 'Unavailable' },
  checking: { zh: '检查中…', en: 'Checking…' },
  apiDocs: { zh: '接口文档', en: 'API documentation' },
  switchLang: { zh: 'English', en: '中文' },
} satisfies Record<string, DictEntry>;
