import { afterEach, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { useSecretKeys } from '../../lib/secret-box.ts';
import { openSecret, sealLegacySecret, sealSecret, useOtaSecretKey } from './secret-box.ts';

// with a configured key the database is never read: a stand-in that fails if it is
const noDb = new Proxy({}, { get: () => expect.unreachable('the database was read') }) as unknown as Db;

describe('OTA secret box', () => {
  afterEach(() => useOtaSecretKey(undefined));

  it('seals through the keyring: opened with its key, not with another', async () => {
    useSecretKeys({ current: 'k'.repeat(40) });
    const sealed = await sealSecret(noDb, 'platform-secret-0123456789');
    expect(sealed).toMatch(/^v2\./);
    expect(sealed).not.toContain('platform-secret');
    expect(await openSecret(noDb, sealed)).toBe('platform-secret-0123456789');
    useSecretKeys({ current: 'j'.repeat(40) });
    expect(await openSecret(noDb, sealed)).toBeNull();
    expect(await openSecret(noDb, 'v1.broken')).toBeNull();
    expect(await openSecret(noDb, '')).toBeNull();
  });

  it('a v1 value of before the keyring still opens with OTA_SECRET_KEY (config.otaSecretKey)', async () => {
    useOtaSecretKey('a'.repeat(40));
    const legacy = await sealLegacySecret(noDb, 'platform-secret-0123456789');
    expect(legacy).toMatch(/^v1\./);
    expect(await openSecret(noDb, legacy)).toBe('platform-secret-0123456789');
    useOtaSecretKey('b'.repeat(40));
    expect(await openSecret(noDb, legacy)).toBeNull();
  });
});
