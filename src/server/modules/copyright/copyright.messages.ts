import { defineDict } from '../../../shared/dict/dict.ts';

/** What the copyright module says to users, in both languages (collected by src/server/http/messages.ts). */
export const copyrightMessages = defineDict({
  copyrightNotFound: { zh: '版权信息不存在', en: 'Copyright record not found' },
});
