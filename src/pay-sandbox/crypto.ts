import { cstDateTime, cstParts, fenToYuan, rfc3339Cst } from '../shared/pay-format.ts';
import { createCipheriv, createSign, createVerify, generateKeyPairSync, randomBytes } from 'node:crypto';

/** SHA256withRSA, base64: WeChat Pay v3's and Alipay RSA2's signature. */
export function rsaSign(message: string, privateKeyPem: string): string {
  return createSign('RSA-SHA256').update(message, 'utf8').sign(privateKeyPem, 'base64');
}

export function rsaVerify(message: string, signature: string, publicKeyPem: string): boolean {
  try {
    return createVerify('RSA-SHA256').update(message, 'utf8').verify(publicKeyPem, signature, 'base64');
  } catch {
    return false;
  }
}

export interface KeyPair {
  publicKey: string;
  privateKey: string;
}

/** An RSA 2048 key pair in PEM (SPKI public, PKCS#8 private), as both providers use. */
export function generateRsaKeyPair(): KeyPair {
  return generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
}

/** WeChat Pay v3 notification resource: AEAD_AES_256_GCM with the APIv3 key, ciphertext || tag in base64. */
export function aesGcmEncrypt(
  plain: string,
  apiV3Key: string,
  nonce: string,
  associatedData: string,
): string {
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(nonce, 'utf8'));
  cipher.setAAD(Buffer.from(associatedData, 'utf8'));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return Buffer.concat([body, cipher.getAuthTag()]).toString('base64');
}

export function nonce(length = 32): string {
  return randomBytes(length).toString('hex').slice(0, length).toUpperCase();
}

/** WeChat's RFC 3339 time: 2018-06-08T10:34:56+08:00 */
export const rfc3339 = rfc3339Cst;
export { cstDateTime };

export function cstDate(at: Date): string {
  return cstParts(at).date;
}

/** Fen to the providers' yuan text ("12.50"), exactly. */
export const yuan = fenToYuan;

/** "12.5" / "12.50" / "12" to fen, exactly; null when it is not an amount. */
export function fen(text: string): number | null {
  const m = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}
