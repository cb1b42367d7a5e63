import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, xlsxText, type TestApp } from '../../test/harness.ts';
import { adminRoles, admins, rolePermissions, roles } from './accounts.table.ts';

const EXPORT = '/web/api/admin/admin/export';

let t: TestApp;
const tok: Record<'admin' | 'staff' | 'shop', string> = { admin: '', staff: '', shop: '' };

/** Gives an account of area 1 an extra role with these permissions, straight in the database. */
async function grant(username: string, perms: string[]) {
  const db = t.database.db;
  const [admin] = await db.select().from(admins).where(eq(admins.username, username));
  const [role] = await db
    .insert(roles)
    .values({ scenicId: admin!.scenicId, code: `extra_${username}`, name: '额外角色' })
    .returning();
  await db.insert(rolePermissions).values(perms.map((permission) => ({ roleId: role!.id, permission })));
  await db.insert(adminRoles).values({ adminId: admin!.id, roleId: role!.id });
}

beforeAll(async () => {
  t = await createTestApp({ loginRateLimit: 1000 });
  for (const name of Object.keys(tok) as (keyof typeof tok)[]) tok[name] = (await t.login(name)).access_token;
  // staff of area 1 (not a platform account) may list accounts
  await grant('staff', ['admin:admin:page']);
});
afterAll(() => t.close());

const exportAs = (who: keyof typeof tok, body: unknown, headers: Record<string, string> = {}) =>
  t.call(tok[who], 'POST', EXPORT, body, headers);

describe('POST /web/api/admin/admin/export', () => {
  it('exports the accounts of the filter with headers and dictionary texts in the language asked', async () => {
    const res = await exportAs('admin', {});
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(String(res.headers['content-disposition'])).toContain(encodeURIComponent('账号列表'));
    const text = xlsxText(res.rawPayload);
    for (const expected of ['用户名', '账号类型', '支付方式', '角色', '最后登录', '>agent<', '山水旅行社'])
      expect(text).toContain(expected);
    // dictionary texts: account type, pay type, status; roles by name
    for (const expected of ['平台管理员', '分销商', '预存余额', '启用', '超级管理员', '景区员工'])
      expect(text).toContain(expected);
    expect(text).toContain('景区员工、额外角色'); // staff's roles, joined
    expect(text).not.toContain('scrypt$');

    const en = xlsxText((await exportAs('admin', {}, { 'accept-language': 'en' })).rawPayload);
    for (const expected of [
      'User name',
      'Account type',
      'Roles',
      'Distributor',
      'Prepaid balance',
      'Enabled',
    ])
      expect(en).toContain(expected);
    expect(en).toContain('景区员工, 额外角色');
  });

  it('applies the filters of the list', async () => {
    const text = xlsxText((await exportAs('admin', { admType: 3 })).rawPayload);
    expect(text).toContain('>agent<');
    expect(text).not.toContain('>staff<');
    expect(text).not.toContain('>shop<');
    const byName = xlsxText((await exportAs('admin', { username: 'sho' })).rawPayload);
    expect(byName).toContain('>shop<');
    expect(byName).not.toContain('>agent<');
  });

  it("keeps another scenic area's accounts out, and platform accounts from area callers", async () => {
    const own = xlsxText((await exportAs('admin', {})).rawPayload);
    expect(own).not.toContain('yunling');
    const second = xlsxText((await exportAs('admin', {}, { 'x-scenic-id': '2' })).rawPayload);
    expect(second).toContain('yunling');
    expect(second).not.toContain('>staff<');

    const res = await exportAs('staff', {});
    expect(res.statusCode).toBe(200);
    const staff = xlsxText(res.rawPayload);
    expect(staff).toContain('>agent<');
    expect(staff).not.toContain('>admin<');
    expect(staff).not.toContain('yunling');
  });

  it('refuses unknown fields and callers without admin:admin:page', async () => {
    const bad = await exportAs('admin', { colour: 'red' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.field).toBe('colour');
    expect((await exportAs('shop', {})).statusCode).toBe(403);
    expect((await t.call(null, 'POST', EXPORT, {})).statusCode).toBe(401);
  });
});
