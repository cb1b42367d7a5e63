import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { encryptWithForge, encryptWithPublicKey } from './crypto.ts';

const { publicKey, privateKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
const spki = publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
const decrypt = (b64: string) =>
  crypto
    .privateDecrypt(
      { key: privateKey, padding: crypto.constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(b64, 'base64'),
    )
    .toString();

describe('password encryption (RSA-OAEP, SHA-256)', () => {
  it('with WebCrypto decrypts on the server', async () => {
    expect(decrypt(await encryptWithPublicKey(spki, 'Demo1234'))).toBe('Demo1234');
  });

  it('without crypto.subtle (plain HTTP on an intranet host) falls back to node-forge', async () => {
    expect(decrypt(await encryptWithForge(spki, '密码Demo1234'))).toBe('密码Demo1234');
  });
});
