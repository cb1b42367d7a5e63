import { defineDict } from './dict.ts';

/** OAuth2 grant types a terminal client may use at POST /login/oauth/token (docs/product.md §7). */
export const GrantType = defineDict({
  password: { zh: '密码模式', en: 'Password' },
  refresh_token: { zh: '刷新令牌', en: 'Refresh token' },
  client_credentials: { zh: '客户端凭证', en: 'Client credentials' },
});
export type GrantTypeCode = keyof typeof GrantType;
export const GRANT_TYPES = Object.keys(GrantType) as [GrantTypeCode, ...GrantTypeCode[]];
