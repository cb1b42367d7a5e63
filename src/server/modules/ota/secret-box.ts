import crypto from 'node:crypto';
import type { Db } from '../../db/client.ts';
import { aesGcmOpen, aesGcmSeal, isKeyringSealed, open, seal, sealedColumns } from '../../lib/secret-box.ts';
import { loadKeyPair } from '../auth/index.ts';
import { otaChannels } from './ota.table.ts';

/**
 * Channel secrets at rest: sealed by the server's keyring (lib/secret-box.ts, key from
 * APP_SECRET_KEY, form `v2.<kid>.…`). Values sealed before it (`v1.<iv>.<tag>.<data>`: AES-256-GCM
 * under HKDF-SHA256 of `OTA_SECRET_KEY`, or of the server's RSA private key when that was unset)
 * still open, and `npm run secrets:rotate` re-seals them under the keyring. docs/decisions.md.
 */
let configured: string | undefined;
const derived = new Map<string, Buffer>();
const fromRsa = new WeakMap<object, Buffer>();

/**
 * The legacy key material (Config.otaSecretKey), set by main.ts before the seed and by the ota
 * routes of each app; only v1 values need it (undefined: the RSA key).
 */
export function useOtaSecretKey(material: string | undefined): void {
  configured = material;
}

const derive = (material: string | Buffer) =>
  Buffer.from(crypto.hkdfSync('sha256', material, 'ota-channel-secret', 'aes-256-gcm v1', 32));

async function legacyKeyOf(db: Db): Promise<Buffer> {
  if (configured) {
    let key = derived.get(configured);
    if (!key) derived.set(configured, (key = derive(configured)));
    return key;
  }
  const hit = fromRsa.get(db);
  if (hit) return hit;
  const pem = (await loadKeyPair(db)).privateKey.export({ type: 'pkcs8', format: 'pem' });
  const key = derive(pem);
  fromRsa.set(db, key);
  return key;
}

/** Seals under the keyring's current key (the database is not read; kept for the callers' shape). */
export async function sealSecret(_db: Db, plain: string): Promise<string> {
  return seal(plain);
}

/** A v1 value, sealed before the keyring (tests make one to prove it still opens). */
export async function sealLegacySecret(db: Db, plain: string): Promise<string> {
  return ['v1', ...aesGcmSeal(await legacyKeyOf(db), plain)].join('.');
}

async function openLegacy(db: Db, sealed: string): Promise<string | null> {
  const [v, iv, tag, data] = sealed.split('.');
  if (v !== 'v1' || !iv || !tag || data == null) return null;
  return aesGcmOpen(await legacyKeyOf(db), iv, tag, data);
}

/** The plain secret, or null when none is set or it cannot be opened (another key). */
export async function openSecret(db: Db, sealed: string): Promise<string | null> {
  if (!sealed) return null;
  return isKeyringSealed(sealed) ? open(sealed) : openLegacy(db, sealed);
}

/** The channels' sealed secret, for the rotation (v1 values open through the legacy derivation). */
export const otaSealedSecrets = sealedColumns.plug({
  name: 'ota.channels',
  table: otaChannels,
  key: otaChannels.id,
  columns: [otaChannels.secretSealed],
  open: openLegacy,
});

/** HMAC-SHA256 of `<timestamp>\n<body>` with the channel's secret, hex: what a platform sends. */
export function signBody(secret: string, timestamp: string, body: string): string {
  return crypto.createHmac('sha256', secret).update(`${timestamp}\n${body}`).digest('hex');
}

export function signatureMatches(expected: string, given: string): boolean {
  const a = Buffer.from(expected, 'utf8');
  const b = Buffer.from(given, 'utf8');
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}
