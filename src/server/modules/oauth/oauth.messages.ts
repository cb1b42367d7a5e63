import { defineDict } from '../../../shared/dict/dict.ts';

/** What the oauth module says to users, in both languages (collected by src/server/http/messages.ts). */
export const oauthMessages = defineDict({
  platformOnly: {
    zh: '仅平台管理员可以管理 OAuth 客户端',
    en: 'Only platform administrators can manage OAuth clients',
  },
  publicClientExists: {
    zh: '已有公共客户端 {clientId}，最多只能有一个公共客户端',
    en: '{clientId} is already the public client; there can be only one',
  },
  publicClientLocked: {
    zh: '公共控制台客户端不能删除、禁用或改为非公共，否则任何人都无法登录后台',
    en: 'The public console client cannot be deleted, disabled or made confidential: nobody could log in to the console',
  },
  clientHasTokens: {
    zh: '该客户端还有 {count} 个有效的登录令牌，请先禁用客户端或重置密钥使其失效',
    en: 'This client still has {count} live tokens; disable it or reset its secret first',
  },
});
