import { defineDict } from '../../../shared/dict/dict.ts';

/** What the copyright module says to users, in both languages (collected by src/server/http/messages.ts). */
export const copyrightMessages = defineDict({
  copyrightNotFound: { zh: '版权信息不存在', en: 'Copyright record not found' },
  clientHasBranding: {
    zh: '该客户端还有版权信息记录，请先处理',
    en: 'This client still has copyright/branding records',
  },
});
