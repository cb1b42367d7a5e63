import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { FieldError } from '../../http/errors.ts';
import { authMessages } from './auth.messages.ts';
import { rsaKeys } from './auth.table.ts';

export interface KeyPair {
  /** SubjectPublicKeyInfo DER, base64: what WebCrypto's importKey('spki') and node-forge accept. */
  publicKey: string;
  privateKey: crypto.KeyObject;
}

/**
 * The RSA key pair passwords travel under (docs/architecture.md). Created once per database; the fixed id
 * makes concurrent first starts agree on one pair.
 */
export async function loadKeyPair(db: Db): Promise<KeyPair> {
  let [row] = await db.select().from(rsaKeys).where(eq(rsaKeys.id, 1));
  if (!row) {
    const { publicKey, privateKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
    await db
      .insert(rsaKeys)
      .values({
        id: 1,
        publicKey: publicKey.export({ type: 'spki', format: 'der' }).toString('base64'),
        privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      })
      .onConflictDoNothing();
    [row] = await db.select().from(rsaKeys).where(eq(rsaKeys.id, 1));
  }
  if (!row) throw new Error('RSA key pair missing after insert');
  return { publicKey: row.publicKey, privateKey: crypto.createPrivateKey(row.privateKey) };
}

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
    throw new FieldError(field, authMessages.decryptFailed);
  }
}

/** What the console does: encrypt with the public key (used by tests, seed scripts and docs). */
export function encryptWithPublicKey(publicKeyBase64: string, plain: string): string {
  const key = crypto.createPublicKey({
    key: Buffer.from(publicKeyBase64, 'base64'),
    format: 'der',
    type: 'spki',
  });
  return crypto
    .publicEncrypt(
      { key, padding: crypto.constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(plain),
    )
    .toString('base64');
}
