import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS } from '../../shared/perms.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { isInfraPublic } from './access.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('every route declares its access', () => {
  it('has a permission, login, copyright or public declaration on each registered route', () => {
    const undeclared = t.app.routeRecords.filter((route) => !route.access);
    expect(undeclared).toEqual([]);
    expect(t.app.routeRecords.length).toBeGreaterThan(15);
  });

  it('uses only permissions from the shared catalogue', () => {
    for (const route of t.app.routeRecords) {
      if (route.access?.kind === 'perm') expect(ALL_PERMISSIONS).toContain(route.access.perm);
    }
  });

  it('keeps every API path out of the infrastructure allow-list', () => {
    const api = t.app.routeRecords.filter((r) => r.url.startsWith('/web/api') || r.url.startsWith('/login'));
    expect(api.length).toBeGreaterThan(10);
    for (const route of api) expect(isInfraPublic(route.url)).toBe(false);
  });

  it('refuses a route registered without a declaration (fail closed)', async () => {
    const other = await createTestApp();
    try {
      await other.app.close();
      // a fresh instance where a plugin forgets to declare access
      const { buildApp } = await import('../app.ts');
      const app = await buildApp(other.config, other.database);
      app.get('/web/api/forgotten', async () => ({ secret: true }));
      await app.ready();
      const res = await app.inject({ url: '/web/api/forgotten' });
      expect(res.statusCode).toBe(403);
      expect(res.json().msg).toBe('该接口未声明访问权限');
      expect(app.routeRecords.find((r) => r.url === '/web/api/forgotten')?.access).toBeUndefined();
      await app.close();
    } finally {
      await other.close();
    }
  });
});

describe('validation and error envelope', () => {
  it('names the field and the reason in Chinese by default and English on request', async () => {
    const { access_token } = await t.login('admin');
    const zh = await t.call(access_token, 'POST', '/web/api/ticket/scenic/page', { limit: 15 });
    expect(zh.statusCode).toBe(400);
    expect(zh.json()).toEqual({
      code: 400,
      msg: '参数 limit 有误：每页条数只能是 10、20、30、50、100、400',
      data: { field: 'limit', part: 'body' },
    });
    const en = await t.call(
      access_token,
      'POST',
      '/web/api/ticket/scenic/page',
      { page: 'x' },
      {
        'accept-language': 'en',
      },
    );
    expect(en.statusCode).toBe(400);
    expect(en.json().msg).toMatch(/^Invalid page: /);
  });

  it('answers malformed JSON with 400, not 500', async () => {
    const { access_token } = await t.login('admin');
    const res = await t.app.inject({
      method: 'POST',
      url: '/web/api/ticket/scenic/page',
      headers: { authorization: `bearer ${access_token}`, 'content-type': 'application/json' },
      payload: '{"page":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('请求内容不是有效的 JSON');
  });
});
