import { afterEach, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { openSecret, sealSecret, useOtaSecretKey } from './secret-box.ts';

// with a configured key the database is never read: a stand-in that fails if it is
const noDb = new Proxy({}, { get: () => expect.unreachable('the database was read') }) as unknown as Db;

describe('OTA secret box with OTA_SECRET_KEY (config.otaSecretKey)', () => {
  afterEach(() => useOtaSecretKey(undefined));

  it('seals under the configured key: opened with it, not with another', async () => {
    useOtaSecretKey('a'.repeat(40));
    const sealed = await sealSecret(noDb, 'platform-secret-0123456789');
    expect(sealed).toMatch(/^v1\./);
    expect(sealed).not.toContain('platform-secret');
    expect(await openSecret(noDb, sealed)).toBe('platform-secret-0123456789');
    useOtaSecretKey('b'.repeat(40));
    expect(await openSecret(noDb, sealed)).toBeNull();
    expect(await openSecret(noDb, 'v1.broken')).toBeNull();
    expect(await openSecret(noDb, '')).toBeNull();
  });
});
