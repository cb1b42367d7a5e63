import crypto from 'node:crypto';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import { extensionPoint } from './extension-point.ts';

/**
 * The secrets keyring (issue 30, docs/operations.md "Secrets at rest"): every secret a module keeps
 * in the database (a channel's secret, a merchant's private key) is sealed here with AES-256-GCM
 * under a key derived (HKDF-SHA256) from `APP_SECRET_KEY`, never from anything in the database, so
 * a copy of the database alone opens none of them. Sealed form `v2.<kid>.<iv>.<tag>.<data>`
 * (base64url): `kid` names the key material it was sealed under, so during a rotation the
 * previous key (`APP_SECRET_KEY_PREVIOUS`) still opens what the current one has not re-sealed yet.
 */
export interface SecretKeys {
  /** APP_SECRET_KEY: seals, and opens what it sealed */
  current: string;
  /** APP_SECRET_KEY_PREVIOUS: only opens, while `npm run secrets:rotate` re-seals its values */
  previous?: string | undefined;
}

interface Key {
  kid: string;
  key: Buffer;
}

const PREFIX = 'v2';
let ring: { current: Key; all: Map<string, Key> } | null = null;

const keyOf = (material: string): Key => {
  const key = Buffer.from(crypto.hkdfSync('sha256', material, 'scenic-secret-box', 'aes-256-gcm v2', 32));
  // the id says which key, not the key: a hash of the derived key, 8 characters
  const kid = crypto.createHash('sha256').update(key).digest('base64url').slice(0, 8);
  return { kid, key };
};

/** Sets the keys (app.ts from the configuration; the seed and the scripts before they seal). */
export function useSecretKeys(keys: SecretKeys): void {
  const current = keyOf(keys.current);
  const all = new Map([[current.kid, current]]);
  if (keys.previous) {
    const previous = keyOf(keys.previous);
    all.set(previous.kid, previous);
  }
  ring = { current, all };
}

function keyring() {
  if (!ring)
    throw new Error('the secrets keyring has no key: APP_SECRET_KEY (config.ts) was not handed to it');
  return ring;
}

/** The current key's id (what `isSealedWithCurrentKey` compares with). */
export const currentKeyId = (): string => keyring().current.kid;

/** AES-256-GCM of `plain` under `key`: iv, tag and data, base64url (also the OTA secrets' v1 form). */
export function aesGcmSeal(key: Buffer, plain: string): string[] {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), data].map((b) => b.toString('base64url'));
}

/** The plain text of `aesGcmSeal`'s parts, or null when they do not verify under `key`. */
export function aesGcmOpen(key: Buffer, iv: string, tag: string, data: string): string | null {
  try {
    const decipher = crypto.createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    return null;
  }
}

/** Seals a secret under the current key. */
export function seal(plain: string): string {
  const { kid, key } = keyring().current;
  return [PREFIX, kid, ...aesGcmSeal(key, plain)].join('.');
}

/** True for a value in the keyring's form (whichever key sealed it). */
export const isKeyringSealed = (sealed: string): boolean => sealed.startsWith(`${PREFIX}.`);

/** True when `sealed` is in the keyring's form under the current key (a rotation leaves it as it is). */
export const isSealedWithCurrentKey = (sealed: string): boolean =>
  sealed.split('.')[0] === PREFIX && sealed.split('.')[1] === currentKeyId();

/** The plain secret, or null when none is set or no key of the ring opens it. */
export function open(sealed: string | null | undefined): string | null {
  if (!sealed) return null;
  const [v, kid, iv, tag, data] = sealed.split('.');
  if (v !== PREFIX || !kid || !iv || !tag || data == null) return null;
  const key = keyring().all.get(kid);
  return key ? aesGcmOpen(key.key, iv, tag, data) : null;
}

/**
 * Sealed columns of one table, declared by the module that owns them (its manifest's `plugs`), so
 * the rotation (`npm run secrets:rotate`, lib/secret-rotation.ts) re-seals them without a central
 * list. `open` reads a value the keyring's `open` cannot (an older form the module still accepts).
 */
export interface SealedColumns {
  /** A name for the rotation's report: `<module>.<what>` */
  name: string;
  table: PgTable;
  /** The row's key column */
  key: PgColumn;
  /** The sealed columns ('' or null: none set) */
  columns: readonly PgColumn[];
  open?: (db: Db, sealed: string) => Promise<string | null>;
}

export const sealedColumns = extensionPoint<SealedColumns>('secret-box.sealedColumns');

/**
 * What a settings form's write-only secret field asks of a sealed column: a new secret sealed, ''
 * when cleared (`clear` with the field left empty), undefined when the stored one stays (left empty,
 * or the same secret again).
 */
export function sealedChange(stored: string, secret: string | undefined, clear: boolean): string | undefined {
  const plain = secret?.trim() ?? '';
  if (plain !== '' && open(stored) !== plain) return seal(plain);
  if (plain === '' && clear && stored !== '') return '';
  return undefined;
}
