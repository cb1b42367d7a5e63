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
export { loginLogs } from './auth.table.ts';
export { hashPassword, sha256, verifyPassword } from './password.ts';
export { decryptField, loadKeyPair } from './rsa.service.ts';
