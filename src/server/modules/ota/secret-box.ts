import crypto from 'node:crypto';
import type { Db } from '../../db/client.ts';
import { loadKeyPair } from '../auth/index.ts';

/**
 * Channel secrets at rest: AES-256-GCM under a key derived (HKDF-SHA256) from the server's secret
 * material: `OTA_SECRET_KEY` when the configuration sets it (config.ts, 32+ characters; recommended:
 * then a copy of the database alone cannot open them), otherwise the server's RSA private key
 * (auth's rsa_keys, created once per database). Sealed form: `v1.<iv>.<tag>.<ciphertext>`,
 * base64url. docs/decisions.md.
 */
let configured: string | undefined;
const derived = new Map<string, Buffer>();
const fromRsa = new WeakMap<object, Buffer>();

/**
 * The configured key material (Config.otaSecretKey), set by main.ts before the seed and by the
 * ota routes of each app; undefined falls back to the RSA key.
 */
export function useOtaSecretKey(material: string | undefined): void {
  configured = material;
}

const derive = (material: string | Buffer) =>
  Buffer.from(crypto.hkdfSync('sha256', material, 'ota-channel-secret', 'aes-256-gcm v1', 32));

async function keyOf(db: Db): Promise<Buffer> {
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

export async function sealSecret(db: Db, plain: string): Promise<string> {
  const key = await keyOf(db);
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), data]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

/** The plain secret, or null when none is set or it cannot be opened (another key). */
export async function openSecret(db: Db, sealed: string): Promise<string | null> {
  if (!sealed) return null;
  const [v, iv, tag, data] = sealed.split('.');
  if (v !== 'v1' || !iv || !tag || data == null) return null;
  try {
    const decipher = crypto.createDecipheriv('aes-256-gcm', await keyOf(db), Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    return null;
  }
}

/** HMAC-SHA256 of `<timestamp>\n<body>` with the channel's secret, hex: what a platform sends. */
export function signBody(secret: string, timestamp: string, body: string): string {
  return crypto.createHmac('sha256', secret).update(`${timestamp}\n${body}`).digest('hex');
}

export function signatureMatches(expected: string, given: string): boolean {
  const a = Buffer.from(expected, 'utf8');
  const b = Buffer.from(given, 'utf8');
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}
