/**
 * The public entry of the auth module: what other modules may use (eslint: a module reaches
 * another only through its index.ts). Routes are registered by app.ts, never imported.
 */
export {
  checkCopyrightGrant,
  checkCredentials,
  issueTokens,
  originOf,
  recordLoginSuccess,
  revokeAccountTokens,
} from './auth.service.ts';
export { hashPassword, sha256, verifyPassword } from '../../lib/password.ts';
export { decryptField } from '../../http/password-transport.ts';
export { loadKeyPair } from './rsa.service.ts';
