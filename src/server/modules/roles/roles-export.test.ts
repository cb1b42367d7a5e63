import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, xlsxText, type TestApp } from '../../test/harness.ts';
import { adminRoles, admins, rolePermissions, roles } from '../accounts/accounts.table.ts';

const EXPORT = '/web/api/admin/role/export';

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
  // staff of area 1 (not a platform account) may list roles
  await grant('staff', ['admin:role:page']);
  // a role only area 2 has
  const res = await t.call(
    tok.admin,
    'POST',
    '/web/api/admin/role/create',
    { code: 'ylgz_guide', name: '古镇导游', remark: '讲解', permissions: ['admin:scenic:page'] },
    { 'x-scenic-id': '2' },
  );
  expect(res.statusCode, res.body).toBe(200);
});
afterAll(() => t.close());

const exportAs = (who: keyof typeof tok, body: unknown, headers: Record<string, string> = {}) =>
  t.call(tok[who], 'POST', EXPORT, body, headers);

describe('POST /web/api/admin/role/export', () => {
  it('exports the roles of the filter with headers and dictionary texts in the language asked', async () => {
    const res = await exportAs('admin', {});
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(String(res.headers['content-disposition'])).toContain(encodeURIComponent('角色列表'));
    const text = xlsxText(res.rawPayload);
    for (const expected of ['角色编码', '角色名称', '范围', '权限数', '账号数', 'super_admin', 'shop_staff'])
      expect(text).toContain(expected);
    // the platform role holds the wildcard; the others are the area's
    for (const expected of ['平台角色', '本景区', '全部权限', '启用']) expect(text).toContain(expected);

    const en = xlsxText((await exportAs('admin', {}, { 'accept-language': 'en' })).rawPayload);
    for (const expected of ['Role code', 'Role name', 'Platform role', 'This scenic area', 'All permissions'])
      expect(en).toContain(expected);
    expect(en).toContain('Enabled');
  });

  it('applies the filters of the list', async () => {
    const text = xlsxText((await exportAs('admin', { code: 'shop' })).rawPayload);
    expect(text).toContain('shop_staff');
    expect(text).not.toContain('super_admin');
    expect(text).not.toContain('scenic_staff');
    const disabled = xlsxText((await exportAs('admin', { status: 2 })).rawPayload);
    expect(disabled).toContain('角色编码');
    expect(disabled).not.toContain('shop_staff');
  });

  it("keeps another scenic area's roles out, and platform roles from area callers", async () => {
    const own = xlsxText((await exportAs('admin', {})).rawPayload);
    expect(own).not.toContain('ylgz_guide');
    const second = xlsxText((await exportAs('admin', {}, { 'x-scenic-id': '2' })).rawPayload);
    expect(second).toContain('ylgz_guide');
    expect(second).toContain('古镇导游');
    expect(second).not.toContain('shop_staff');

    const res = await exportAs('staff', {});
    expect(res.statusCode).toBe(200);
    const staff = xlsxText(res.rawPayload);
    expect(staff).toContain('shop_staff');
    expect(staff).not.toContain('super_admin');
    expect(staff).not.toContain('ylgz_guide');
  });

  it('refuses unknown fields and callers without admin:role:page', async () => {
    const bad = await exportAs('admin', { colour: 'red' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.field).toBe('colour');
    expect((await exportAs('shop', {})).statusCode).toBe(403);
    expect((await t.call(null, 'POST', EXPORT, {})).statusCode).toBe(401);
  });
});
