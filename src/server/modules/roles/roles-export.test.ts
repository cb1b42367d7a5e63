import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { xlsxText, type TestApp } from '../../test/harness.ts';
import { areaSheets, expectRefusals, expectXlsx, openExportApp } from '../../test/export.ts';
import type { ExportTokens } from '../../test/export.ts';

const EXPORT = '/web/api/admin/role/export';

let t: TestApp;
let tok: ExportTokens;

beforeAll(async () => {
  // staff of area 1 (not a platform account) may list roles
  ({ t, tok } = await openExportApp(['admin:role:page']));
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
    const text = expectXlsx(await exportAs('admin', {}), '角色列表');
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
    const { own, second, staff } = await areaSheets(exportAs);
    expect(own).not.toContain('ylgz_guide');
    expect(second).toContain('ylgz_guide');
    expect(second).toContain('古镇导游');
    expect(second).not.toContain('shop_staff');
    expect(staff).toContain('shop_staff');
    expect(staff).not.toContain('super_admin');
    expect(staff).not.toContain('ylgz_guide');
  });

  it('refuses unknown fields and callers without admin:role:page', () =>
    expectRefusals(t, EXPORT, tok.admin, tok.shop));
});
