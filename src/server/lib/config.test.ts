import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

// every configuration needs APP_SECRET_KEY (its own tests: secret-box.test.ts)
const load = (env: NodeJS.ProcessEnv) => loadConfig({ APP_SECRET_KEY: 'c'.repeat(40), ...env });

describe('config', () => {
  it('has the documented defaults', () => {
    const config = load({});
    expect(config).toMatchObject({ port: 8080, host: '0.0.0.0', seed: 'demo', logLevel: 'info', jobs: true });
    expect(load({ JOBS: 'false' }).jobs).toBe(false);
    // some modules' jobs only (the browser tests' server runs the payments')
    expect(load({ JOBS: 'payments,orders' })).toMatchObject({
      jobs: true,
      jobModules: ['payments', 'orders'],
    });
    expect(load({ JOBS: 'true' }).jobModules).toBeNull();
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(config.databaseUrl).toBeUndefined();
    expect(config.otaSecretKey).toBeUndefined();
    expect(load({ OTA_SECRET_KEY: 'k'.repeat(32) }).otaSecretKey).toBe('k'.repeat(32));
  });

  it('refuses a short OTA_SECRET_KEY without repeating it', () => {
    expect(() => load({ OTA_SECRET_KEY: 'too-short-secret' })).toThrow(
      'OTA_SECRET_KEY=(hidden): must be at least 32 characters',
    );
    try {
      load({ OTA_SECRET_KEY: 'too-short-secret' });
    } catch (error) {
      expect((error as ConfigError).message).not.toContain('too-short-secret');
    }
  });

  it('names every bad value with the reason', () => {
    try {
      load({
        PORT: 'eighty',
        SEED: 'lots',
        DATABASE_URL: 'mysql://x',
        ADMIN_PASSWORD: 'short',
        LOG_LEVEL: 'loud',
        JOBS: 'Sometimes!',
      });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const problems = (error as ConfigError).problems.join('\n');
      expect(problems).toContain('PORT="eighty"');
      expect(problems).toContain('SEED="lots": must be demo or none');
      expect(problems).toContain('DATABASE_URL="mysql://x": must start with postgres://');
      expect(problems).toContain('ADMIN_PASSWORD="short": must be at least 8 characters');
      expect(problems).toContain('LOG_LEVEL="loud"');
      expect(problems).toContain('JOBS="Sometimes!": must be true, false or a comma list of module names');
    }
  });

  it('reads the egress allow-list: host:port entries, none by default, a bad one named', () => {
    expect(load({}).egressAllow).toEqual([]);
    expect(load({ EGRESS_ALLOW: '127.0.0.1:9443, LocalHost:4569,[::1]:8443' }).egressAllow).toEqual([
      '127.0.0.1:9443',
      'localhost:4569',
      '[::1]:8443',
    ]);
    expect(() => load({ EGRESS_ALLOW: '127.0.0.1:9443,localhost' })).toThrow(
      'EGRESS_ALLOW="127.0.0.1:9443,localhost": must be host:port entries',
    );
    expect(() => load({ EGRESS_ALLOW: 'http://127.0.0.1:9443' })).toThrow('EGRESS_ALLOW=');
  });

  it('treats empty variables as unset', () => {
    expect(load({ PORT: '', DATABASE_URL: '' })).toMatchObject({ port: 8080, databaseUrl: undefined });
  });

  it('reads a TLS certificate and key together, and names a missing or unreadable one', () => {
    expect(load({}).tls).toBeUndefined();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scenic-tls-'));
    fs.writeFileSync(path.join(dir, 'cert.pem'), 'CERT');
    fs.writeFileSync(path.join(dir, 'key.pem'), 'KEY');
    const tls = load({
      TLS_CERT_FILE: path.join(dir, 'cert.pem'),
      TLS_KEY_FILE: path.join(dir, 'key.pem'),
    }).tls;
    expect(tls?.cert.toString()).toBe('CERT');
    expect(tls?.key.toString()).toBe('KEY');
    expect(() => load({ TLS_CERT_FILE: path.join(dir, 'cert.pem') })).toThrow(
      'TLS_KEY_FILE=undefined: must be set with TLS_CERT_FILE',
    );
    expect(() =>
      load({ TLS_CERT_FILE: path.join(dir, 'none.pem'), TLS_KEY_FILE: path.join(dir, 'key.pem') }),
    ).toThrow('cannot read the file');
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
