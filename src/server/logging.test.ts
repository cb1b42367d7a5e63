import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { buildApp, loggerOptions } from './app.ts';
import { createTestApp, ADMIN_PASSWORD } from './test/harness.ts';

describe('logs', () => {
  it('are JSON lines with a request id and never hold a password or token', async () => {
    const t = await createTestApp({ loginRateLimit: 1000 });
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    await t.app.close();
    const app = await buildApp(t.config, t.database, {
      logger: { ...(loggerOptions({ logLevel: 'trace' }) as object), stream },
    });
    try {
      const basic = Buffer.from(
        (await app.inject({ url: '/web/api/ticket/auth/getClient?clientId=backstageManagement' })).json().msg,
        'base64',
      ).toString();
      const encrypted = t.encrypt(ADMIN_PASSWORD);
      const login = await app.inject({
        method: 'POST',
        url: '/login/oauth/token',
        headers: {
          authorization: `Basic ${Buffer.from(basic).toString('base64')}`,
          'x-request-id': 'req-log-1',
        },
        payload: { username: 'admin', password: encrypted, grant_type: 'password' },
      });
      expect(login.statusCode).toBe(200);
      const { access_token, refresh_token } = login.json();
      await app.inject({
        url: '/web/api/ticket/auth/getUserinfo',
        headers: { authorization: `bearer ${access_token}` },
      });
      const all = lines.join('');
      expect(lines.length).toBeGreaterThan(3);
      for (const line of lines) expect(() => JSON.parse(line)).not.toThrow();
      expect(lines.some((l) => JSON.parse(l).reqId === 'req-log-1')).toBe(true);
      for (const secret of [ADMIN_PASSWORD, encrypted, access_token, refresh_token, basic.split(':')[1]!]) {
        expect(all).not.toContain(secret);
      }
    } finally {
      await app.close();
      await t.close();
    }
  });
});
