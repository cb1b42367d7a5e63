import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { KeyPair } from '../../http/password-transport.ts';
import { rsaKeys } from './auth.table.ts';

/** The pair's type, where app.ts takes it from with the loader. */
export type { KeyPair } from '../../http/password-transport.ts';

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
