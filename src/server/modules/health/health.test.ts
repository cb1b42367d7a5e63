import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('health', () => {
  it('answers /healthz and /readyz', async () => {
    expect((await t.app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json().status).toBe('ready');
  });

  it('readyz says 503 when the database is gone', async () => {
    const other = await createTestApp();
    await other.database.close();
    const res = await other.app.inject({ url: '/readyz' });
    expect(res.statusCode).toBe(503);
    await other.close();
  });

  it('tags every response with a request id, keeping a well-formed incoming one', async () => {
    const res = await t.app.inject({ url: '/healthz', headers: { 'x-request-id': 'abc-123' } });
    expect(res.headers['x-request-id']).toBe('abc-123');
    const generated = await t.app.inject({ url: '/healthz', headers: { 'x-request-id': 'bad id!' } });
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers unknown API paths with a 404 envelope in the requested language', async () => {
    const zh = await t.app.inject({ url: '/web/api/nothing' });
    expect(zh.statusCode).toBe(404);
    expect(zh.json()).toEqual({ code: 404, msg: '请求的资源不存在', data: null });
    const en = await t.app.inject({
      url: '/web/api/nothing',
      headers: { 'accept-language': 'en-US,en;q=0.9' },
    });
    expect(en.json().msg).toBe('Not found');
  });

  it('serves the OpenAPI document generated from the zod schemas', async () => {
    const res = await t.app.inject({ url: '/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    const token = doc.paths['/login/oauth/token'].post;
    expect(token.requestBody.content['application/json'].schema).toBeTruthy();
    expect(doc.paths['/web/api/ticket/auth/getPublicKey'].get.responses['200']).toBeTruthy();
    expect((await t.app.inject({ url: '/docs' })).statusCode).toBeLessThan(400);
  });
});
