import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADM_TYPE } from '../../../shared/dict/account.ts';
import { DEMO_PASSWORD, createTestApp, xlsxText, type TestApp } from '../../test/harness.ts';
import { grantRole } from '../../test/grant.ts';
import { admins } from '../accounts/accounts.table.ts';
import { hashPassword } from '../../lib/password.ts';
import { oauthClients } from './oauth.table.ts';

const EXPORT = '/web/api/admin/oauth/export';

let t: TestApp;
const tok: Record<'admin' | 'staff' | 'shop' | 'platform2', string> = {
  admin: '',
  staff: '',
  shop: '',
  platform2: '',
};
let createdSecret = '';

/** Gives an account of area 1 an extra role with these permissions, straight in the database. */
const grant = (username: string, perms: string[]) => grantRole(t, username, perms);

beforeAll(async () => {
  t = await createTestApp({ loginRateLimit: 1000 });
  const db = t.database.db;
  // a second platform account without any role, hence without admin:oauth:page
  const [admin] = await db.select().from(admins).where(eq(admins.username, 'admin'));
  await db.insert(admins).values({
    username: 'platform2',
    nickname: 'platform2',
    admType: ADM_TYPE.platform,
    scenicId: admin!.scenicId,
    passwordHash: await hashPassword(DEMO_PASSWORD),
  });
  for (const name of Object.keys(tok) as (keyof typeof tok)[]) tok[name] = (await t.login(name)).access_token;
  // staff (a scenic-area account) holds every oauth permission, yet is not a platform account
  await grant('staff', ['admin:oauth:*']);
  const res = await t.call(tok.admin, 'POST', '/web/api/admin/oauth/create', {
    clientId: 'exportProbe',
    name: '导出测试终端',
    grantTypes: ['client_credentials'],
  });
  expect(res.statusCode, res.body).toBe(200);
  createdSecret = res.json().data.secret;
});
afterAll(() => t.close());

const exportAs = (who: keyof typeof tok, body: unknown, headers: Record<string, string> = {}) =>
  t.call(tok[who], 'POST', EXPORT, body, headers);

describe('POST /web/api/admin/oauth/export', () => {
  it('exports the clients of the filter with headers and dictionary texts in the language asked', async () => {
    const res = await exportAs('admin', {});
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(String(res.headers['content-disposition'])).toContain(encodeURIComponent('OAuth 客户端'));
    const text = xlsxText(res.rawPayload);
    for (const expected of ['客户端编号', '授权方式', '访问令牌有效期（秒）', '控制台公开客户端'])
      expect(text).toContain(expected);
    for (const expected of ['backstageManagement', 'exportProbe', '导出测试终端'])
      expect(text).toContain(expected);
    // grant types joined, status and the public flag as dictionary texts
    for (const expected of ['密码模式、刷新令牌', '客户端凭证', '启用', '>是<', '>否<'])
      expect(text).toContain(expected);

    const en = xlsxText((await exportAs('admin', {}, { 'accept-language': 'en' })).rawPayload);
    for (const expected of ['Client id', 'Grant types', 'Password, Refresh token', 'Client credentials'])
      expect(en).toContain(expected);
    for (const expected of ['Enabled', '>Yes<', '>No<']) expect(en).toContain(expected);
  });

  it('never writes a secret or its hash', async () => {
    const text = xlsxText((await exportAs('admin', {})).rawPayload);
    expect(createdSecret).not.toBe('');
    expect(text).not.toContain(createdSecret);
    const rows = await t.database.db.select().from(oauthClients);
    expect(rows.some((r) => r.publicSecret)).toBe(true);
    for (const row of rows) {
      expect(text).not.toContain(row.secretHash);
      if (row.publicSecret) expect(text).not.toContain(row.publicSecret);
    }
  });

  it('applies the filters of the list; the clients are the same whatever the acting area', async () => {
    const text = xlsxText((await exportAs('admin', { clientId: 'backstage' })).rawPayload);
    expect(text).toContain('backstageManagement');
    expect(text).not.toContain('exportProbe');
    expect(text).not.toContain('winManagement');
    const byName = xlsxText((await exportAs('admin', { name: '导出' }, { 'x-scenic-id': '2' })).rawPayload);
    expect(byName).toContain('exportProbe');
    expect(byName).not.toContain('backstageManagement');
  });

  it('refuses unknown fields, accounts that are not platform accounts, and missing permissions', async () => {
    const bad = await exportAs('admin', { colour: 'red' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.field).toBe('colour');
    // a scenic-area account with every oauth permission: 403 before validation
    for (const body of [{}, { colour: 'red' }]) {
      const res = await exportAs('staff', body);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ code: 403, msg: '仅平台管理员可以管理 OAuth 客户端', data: null });
    }
    expect((await exportAs('shop', {})).statusCode).toBe(403);
    // a platform account without admin:oauth:page
    expect((await exportAs('platform2', {})).statusCode).toBe(403);
    expect((await t.call(null, 'POST', EXPORT, {})).statusCode).toBe(401);
  });
});
