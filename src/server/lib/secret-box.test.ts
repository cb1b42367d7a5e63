import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';
import { withDemoSecretKey } from './demo-secret-key.ts';
import { currentKeyId, isSealedWithCurrentKey, open, seal, useSecretKeys } from './secret-box.ts';

const A = 'a'.repeat(40);
const B = 'b'.repeat(40);
const SECRET = '-----BEGIN PRIVATE KEY-----merchant-0123456789';

describe('secrets keyring', () => {
  afterEach(() => useSecretKeys({ current: A }));

  it('seals under the current key with its id, and opens what it sealed', () => {
    useSecretKeys({ current: A });
    const sealed = seal(SECRET);
    expect(sealed).toMatch(new RegExp(`^v2\\.${currentKeyId()}\\.`));
    expect(sealed).not.toContain('merchant');
    expect(open(sealed)).toBe(SECRET);
    expect(seal(SECRET)).not.toBe(sealed); // a new IV each time
    expect(isSealedWithCurrentKey(sealed)).toBe(true);
  });

  it('another key opens nothing; a broken or empty value is null', () => {
    useSecretKeys({ current: A });
    const sealed = seal(SECRET);
    useSecretKeys({ current: B });
    expect(open(sealed)).toBeNull();
    expect(isSealedWithCurrentKey(sealed)).toBe(false);
    // the id of B on A's data: the tag does not verify
    const [, , ...rest] = sealed.split('.');
    expect(open(['v2', currentKeyId(), ...rest].join('.'))).toBeNull();
    expect(open('v2.broken')).toBeNull();
    expect(open('')).toBeNull();
    expect(open(null)).toBeNull();
  });

  it('during a rotation the previous key still opens its values; new ones are sealed under the current', () => {
    useSecretKeys({ current: A });
    const old = seal(SECRET);
    useSecretKeys({ current: B, previous: A });
    expect(open(old)).toBe(SECRET);
    expect(isSealedWithCurrentKey(old)).toBe(false);
    const resealed = seal(open(old)!);
    expect(isSealedWithCurrentKey(resealed)).toBe(true);
    useSecretKeys({ current: B });
    expect(open(resealed)).toBe(SECRET);
    expect(open(old)).toBeNull();
  });
});

describe('APP_SECRET_KEY in the configuration', () => {
  it('a missing key stops the configuration with a line naming the variable and how to make one', () => {
    let error: unknown;
    try {
      loadConfig({});
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const [line] = (error as ConfigError).problems;
    expect(line).toMatch(/^APP_SECRET_KEY=\(unset\): set APP_SECRET_KEY to 32\+ random characters/);
    expect(line).toContain('openssl rand');
  });

  it('a short key is refused without repeating it', () => {
    expect(() => loadConfig({ APP_SECRET_KEY: 'short-key-value' })).toThrow(/APP_SECRET_KEY=\(hidden\)/);
    try {
      loadConfig({ APP_SECRET_KEY: 'short-key-value', APP_SECRET_KEY_PREVIOUS: 'x' });
    } catch (e) {
      expect(String((e as Error).message)).not.toContain('short-key-value');
    }
  });

  it('the configuration hands both keys on', () => {
    expect(loadConfig({ APP_SECRET_KEY: A, APP_SECRET_KEY_PREVIOUS: B }).secretKeys).toEqual({
      current: A,
      previous: B,
    });
  });

  it('the demo start makes a key file once (not in production), later starts read it', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'secret-key-'));
    expect(withDemoSecretKey({ DATA_DIR: dir }, { create: false }).env.APP_SECRET_KEY).toBeUndefined();
    expect(withDemoSecretKey({ DATA_DIR: dir, NODE_ENV: 'production' }, { create: true }).note).toBeNull();
    const made = withDemoSecretKey({ DATA_DIR: dir }, { create: true });
    expect(made.note).toContain(path.join(dir, 'secret-key'));
    expect(made.env.APP_SECRET_KEY!.length).toBeGreaterThanOrEqual(32);
    expect(fs.statSync(path.join(dir, 'secret-key')).mode & 0o077).toBe(0);
    const again = withDemoSecretKey({ DATA_DIR: dir }, { create: true });
    expect(again).toEqual({ env: made.env, note: null });
    expect(withDemoSecretKey({ DATA_DIR: dir, APP_SECRET_KEY: B }, { create: true }).env.APP_SECRET_KEY).toBe(
      B,
    );
    fs.rmSync(dir, { recursive: true });
  });
});
