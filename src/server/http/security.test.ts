import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { errorForLog, loggerOptions, pathForLog } from '../logging.ts';
import { ADMIN_PASSWORD, createTestApp, type TestApp } from '../test/harness.ts';

// Findings 4-6 of the outside security probe (issue 12) and the log half of finding 3. The app sits
// behind a TLS proxy here, so the rate limit keys on X-Forwarded-For and each test uses its own address.
let t: TestApp;
let token: string;
const LIMIT = 4;

beforeAll(async () => {
  t = await createTestApp({ trustProxy: true, loginRateLimit: LIMIT });
  token = (await t.login('admin')).access_token;
});
afterAll(() => t.close());

const SECURITY_HEADERS = [
  'content-security-policy',
  'x-content-type-options',
  'x-frame-options',
  'referrer-policy',
];

describe('security headers (finding 5)', () => {
  it('are on 401 and 403 answers too, not only on successful ones', async () => {
    const noToken = await t.app.inject({ url: '/web/api/ticket/auth/getUserinfo' });
    expect(noToken.statusCode).toBe(401);
    const staff = (await t.login('staff')).access_token;
    const refused = await t.call(staff, 'POST', '/web/api/admin/admin/page', {});
    expect(refused.statusCode).toBe(403);
    const undeclared = await t.app.inject({ url: '/no/such/route' });
    expect(undeclared.statusCode).toBe(404);
    for (const res of [noToken, refused, undeclared]) {
      for (const header of SECURITY_HEADERS) expect(res.headers[header], header).toBeDefined();
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('say no-store on API answers, authenticated or not, so no shared cache keeps them', async () => {
    const info = await t.call(token, 'GET', '/web/api/ticket/auth/getUserinfo');
    expect(info.statusCode).toBe(200);
    expect(info.headers['cache-control']).toBe('no-store');
    const denied = await t.app.inject({ url: '/web/api/ticket/auth/getUserinfo' });
    expect(denied.headers['cache-control']).toBe('no-store');
    const exported = await t.call(token, 'POST', '/web/api/admin/role/export', {});
    expect(exported.headers['cache-control']).toBe('no-store');
  });

  it('add Strict-Transport-Security behind a TLS proxy, and only there', async () => {
    const https = await t.call(token, 'GET', '/web/api/ticket/auth/getUserinfo', undefined, {
      'x-forwarded-proto': 'https',
    });
    expect(https.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const unauthorised = await t.app.inject({
      url: '/web/api/ticket/auth/getUserinfo',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(unauthorised.headers['strict-transport-security']).toBeDefined();
    const plain = await t.call(token, 'GET', '/web/api/ticket/auth/getUserinfo');
    expect(plain.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('password attempts (finding 6)', () => {
  it('share one budget per address across every endpoint that checks a password', async () => {
    const from = { 'x-forwarded-for': '203.0.113.7' };
    const wrong = t.encrypt('Wrong1234');
    const attempts = [
      () =>
        t.app.inject({
          method: 'POST',
          url: '/login/oauth/token',
          headers: { ...from, 'content-type': 'application/x-www-form-urlencoded' },
          payload: new URLSearchParams({
            username: 'staff',
            password: wrong,
            grant_type: 'password',
          }).toString(),
        }),
      () =>
        t.app.inject({
          method: 'POST',
          url: '/web/api/admin/system/copyRight/loginCheck',
          headers: from,
          payload: { username: 'staff', password: wrong },
        }),
      () =>
        t.app.inject({
          method: 'POST',
          url: '/web/api/ticket/auth/changeInitialPassword',
          headers: from,
          payload: { username: 'staff', oldPassword: wrong, newPassword: t.encrypt('Next12345') },
        }),
      () =>
        t.call(
          token,
          'POST',
          '/web/api/ticket/auth/changePassword',
          { oldPassword: wrong, newPassword: t.encrypt('Next12345') },
          from,
        ),
    ];
    // one attempt at each of the four endpoints uses the whole budget of LIMIT
    expect(attempts).toHaveLength(LIMIT);
    for (const attempt of attempts) expect((await attempt()).statusCode).not.toBe(429);
    for (const attempt of attempts) {
      const res = await attempt();
      expect(res.statusCode, res.body).toBe(429);
      expect(res.json().msg).toMatch(/^请求过于频繁，请 \d+ 秒后再试$/);
    }
    // another address keeps its own budget; refreshing a token checks no password
    const other = await t.app.inject({
      method: 'POST',
      url: '/web/api/admin/system/copyRight/loginCheck',
      headers: { 'x-forwarded-for': '203.0.113.8' },
      payload: { username: 'staff', password: wrong },
    });
    expect(other.statusCode).not.toBe(429);
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/login/oauth/token',
      headers: { ...from, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'grant_type=refresh_token&refresh_token=abc',
    });
    expect(refresh.statusCode).toBe(401);
  });
});

describe('uploads (finding 4)', () => {
  const upload = (payload: string, boundary = 'XyZ') =>
    t.app.inject({
      method: 'POST',
      url: '/web/api/ticket/storage/uploadUnMove',
      headers: {
        authorization: `bearer ${token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload,
    });

  it('answer a body cut off mid-file or mid-header with 400 and a clear message', async () => {
    const head =
      '--XyZ\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n';
    for (const body of [`${head}\x89PNG\r\n\x1a\nabcdef`, '--XyZ\r\nContent-Disposition: form-da', '']) {
      const res = await upload(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().msg).toMatch(/^(上传内容不完整或格式有误，请重新上传|请选择要上传的文件)$/);
    }
    const en = await t.app.inject({
      method: 'POST',
      url: '/web/api/ticket/storage/uploadUnMove',
      headers: {
        authorization: `bearer ${token}`,
        'content-type': 'multipart/form-data; boundary=XyZ',
        'accept-language': 'en',
      },
      payload: `${head}GIF8`,
    });
    expect(en.statusCode).toBe(400);
    expect(en.json().msg).toBe('The upload is incomplete or malformed, please upload again');
  });
});

describe('logs (finding 3)', () => {
  const PHONE = '13912345678';
  const ID_NUMBER = '110101199003074518';

  it('keep a failed query’s SQL and codes but never its values', async () => {
    let failure: unknown;
    try {
      // a failing statement whose parameters hold personal data
      await t.database.db.execute(
        sql`select ${PHONE}::text as phone, ${ID_NUMBER}::text as id, (1 / 0) as boom`,
      );
    } catch (error) {
      failure = error;
    }
    expect(failure).toBeInstanceOf(Error);
    expect(String((failure as Error).message)).toContain(PHONE);
    const logged = JSON.stringify(errorForLog(failure));
    expect(logged).not.toContain(PHONE);
    expect(logged).not.toContain(ID_NUMBER);
    expect(logged).toContain('select $1::text as phone');
    expect(logged).toContain('22012');
  });

  it('write request paths without query values', () => {
    expect(pathForLog('/web/api/x?phone=13912345678&id=5')).toBe('/web/api/x?phone=…&id=…');
    expect(pathForLog('/web/api/x')).toBe('/web/api/x');
  });

  it('hold no phone or ID number when a request fails on the server', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const app = await buildApp(t.config, t.database, {
      logger: { ...(loggerOptions({ logLevel: 'trace' }) as object), stream },
    });
    app.get('/web/api/test/boom', { config: { access: { kind: 'public' } } }, async () => {
      await t.database.db.execute(sql`select ${PHONE}::text, ${ID_NUMBER}::text, (1 / 0)`);
      return null;
    });
    try {
      const res = await app.inject({ url: `/web/api/test/boom?phone=${PHONE}` });
      expect(res.statusCode).toBe(500);
      const all = lines.join('');
      expect(all).toContain('unhandled error');
      expect(all).not.toContain(PHONE);
      expect(all).not.toContain(ID_NUMBER);
      expect(all).not.toContain(ADMIN_PASSWORD);
    } finally {
      await app.close();
    }
  });
});
