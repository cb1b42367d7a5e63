import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, xlsxText, type TestApp } from '../../test/harness.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({ loginRateLimit: 1000 });
  admin = (await t.login('admin')).access_token;
  await t.login('staff');
  await t.login('yunling');
});
afterAll(() => t.close());

describe('log exports', () => {
  it('exports every row of the filter as .xlsx, with headers and dictionary texts in the language asked', async () => {
    const res = await t.call(admin, 'POST', '/web/api/admin/loginLog/export', { username: 'staff' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(String(res.headers['content-disposition'])).toContain(encodeURIComponent('登录日志'));
    const text = xlsxText(res.rawPayload);
    for (const expected of ['时间', '账号', '结果', 'staff', '成功', '后台登录'])
      expect(text).toContain(expected);
    expect(text).not.toContain('yunling');

    const en = await t.call(admin, 'POST', '/web/api/admin/loginLog/export', {}, { 'accept-language': 'en' });
    const enText = xlsxText(en.rawPayload);
    for (const expected of ['Time', 'Account', 'Succeeded', 'Console']) expect(enText).toContain(expected);
  });

  it('exports the audit log of the filter', async () => {
    await t.call(admin, 'POST', '/web/api/admin/setting/update', undefined);
    const res = await t.call(admin, 'POST', '/web/api/admin/audit/export', { module: 'nothing-here' });
    expect(res.statusCode).toBe(200);
    const text = xlsxText(res.rawPayload);
    expect(text).toContain('修改前');
  });

  it('keeps another scenic area out', async () => {
    const yunling = (await t.login('yunling')).access_token;
    const res = await t.call(admin, 'POST', '/web/api/admin/loginLog/export', {}, { 'x-scenic-id': '2' });
    expect(res.statusCode).toBe(200);
    const text = xlsxText(res.rawPayload);
    expect(text).toContain('yunling');
    expect(text).not.toContain('>staff<');
    // staff of area 2 export only area 2's rows
    const own = xlsxText((await t.call(yunling, 'POST', '/web/api/admin/loginLog/export', {})).rawPayload);
    expect(own).toContain('yunling');
    expect(own).not.toContain('>staff<');
    expect(own).not.toContain('>admin<');
  });

  it('refuses bad filters and missing permissions', async () => {
    const bad = await t.call(admin, 'POST', '/web/api/admin/loginLog/export', { colour: 'red' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.field).toBe('colour');
    const shop = (await t.login('shop')).access_token;
    expect((await t.call(shop, 'POST', '/web/api/admin/audit/export', {})).statusCode).toBe(403);
    expect((await t.call(null, 'POST', '/web/api/admin/audit/export', {})).statusCode).toBe(401);
  });
});
