import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { xlsxText, type TestApp } from '../../test/harness.ts';
import { areaSheets, expectRefusals, expectXlsx, openExportApp } from '../../test/export.ts';
import type { ExportTokens } from '../../test/export.ts';

const EXPORT = '/web/api/admin/admin/export';

let t: TestApp;
let tok: ExportTokens;

beforeAll(async () => {
  // staff of area 1 (not a platform account) may list accounts
  ({ t, tok } = await openExportApp(['admin:admin:page']));
});
afterAll(() => t.close());

const exportAs = (who: keyof typeof tok, body: unknown, headers: Record<string, string> = {}) =>
  t.call(tok[who], 'POST', EXPORT, body, headers);

describe('POST /web/api/admin/admin/export', () => {
  it('exports the accounts of the filter with headers and dictionary texts in the language asked', async () => {
    const text = expectXlsx(await exportAs('admin', {}), '账号列表');
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
    const { own, second, staff } = await areaSheets(exportAs);
    expect(own).not.toContain('yunling');
    expect(second).toContain('yunling');
    expect(second).not.toContain('>staff<');
    expect(staff).toContain('>agent<');
    expect(staff).not.toContain('>admin<');
    expect(staff).not.toContain('yunling');
  });

  it('refuses unknown fields and callers without admin:admin:page', () =>
    expectRefusals(t, EXPORT, tok.admin, tok.shop));
});
