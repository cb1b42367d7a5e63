import crypto from 'node:crypto';
import { defineDict } from '../../shared/dict/dict.ts';
import { FieldError } from './errors.ts';

/**
 * Passwords travel under an RSA key pair (docs/architecture.md): the console encrypts with the
 * public key, the server decrypts with the private one. The pair is loaded once per application
 * (auth's rsa.service.ts, `app.ctx.keys`); decrypting a field is for any module that takes a
 * password (accounts, copyright, members, distribution, auth).
 */
export interface KeyPair {
  /** SubjectPublicKeyInfo DER, base64: what WebCrypto's importKey('spki') and node-forge accept. */
  publicKey: string;
  privateKey: crypto.KeyObject;
}

const transportMessages = defineDict({
  decryptFailed: {
    zh: '无法解密，请刷新页面后重试',
    en: 'Could not decrypt the value, reload the page and try again',
  },
});

/** RSA-OAEP (SHA-256) decryption of a base64 value sent by the console; a bad value names its field. */
export function decryptField(keys: KeyPair, field: string, base64: string): string {
  try {
    return crypto
      .privateDecrypt(
        { key: keys.privateKey, padding: crypto.constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
        Buffer.from(base64, 'base64'),
      )
      .toString('utf8');
  } catch {
    throw new FieldError(field, transportMessages.decryptFailed);
  }
}
