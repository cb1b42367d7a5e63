import { defineDict } from '../../../shared/dict/dict.ts';

/** What the operations endpoints say (collected by src/server/http/messages.ts). */
export const healthMessages = defineDict({
  backupNotEmbedded: {
    zh: '此服务器使用 PostgreSQL：请用 pg_dump 备份数据库',
    en: 'This server runs on PostgreSQL: back the database up with pg_dump',
  },
});
