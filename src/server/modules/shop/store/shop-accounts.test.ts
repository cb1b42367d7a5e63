import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  shopAccountApi as api,
  type ShopAccountRow,
  type ShopRoleOption,
} from '../../../../shared/api/shop-accounts.ts';
import { ADM_TYPE } from '../../../../shared/dict/account.ts';
import { createTestApp, xlsxText, type TestApp } from '../../../test/harness.ts';
import { data, expect400 } from '../../../test/replies.ts';
import { admins, roles } from '../../accounts/index.ts';

let t: TestApp;
const tok: Record<string, string> = {};
const call = (who: string, method: 'GET' | 'POST', url: string, body?: unknown) =>
  t.call(tok[who]!, method, url, body);
let shopRole = 0;
let staffRole = 0;
let staffId = 0;

beforeAll(async () => {
  t = await createTestApp({ loginRateLimit: 1000 });
  const all = await t.database.db.select().from(roles);
  shopRole = all.find((r) => r.code === 'shop_staff')!.id;
  staffRole = all.find((r) => r.code === 'scenic_staff' && r.scenicId === 1)!.id;
  staffId = (await t.database.db.select().from(admins).where(eq(admins.username, 'staff')))[0]!.id;
  for (const name of ['shop', 'staff']) tok[name] = (await t.login(name)).access_token;
});
afterAll(() => t.close());

const page = (body: Record<string, unknown> = {}) =>
  data<{ rows: ShopAccountRow[]; total: number }>(call('shop', 'POST', api.page, { limit: 100, ...body }));

describe('shop accounts (/shop/accountManage)', () => {
  it('lists the shop accounts of the area only and offers the shop roles only', async () => {
    const list = await page();
    expect(list.rows.map((r) => r.username)).toEqual(['shop']);
    expect(list.rows.every((r) => r.admType === ADM_TYPE.shop)).toBe(true);
    const options = await data<ShopRoleOption[]>(call('shop', 'GET', api.roles));
    expect(options.map((r) => r.code)).toEqual(['shop_staff']);
  });

  it('creates a shop account with a phone, who logs in with the initial password; edits, disables, resets', async () => {
    const { id } = await data<{ id: number }>(
      call('shop', 'POST', api.create, {
        username: 'shop2',
        nickname: '店员小李',
        phone: '13800002222',
        roleIds: [shopRole],
        password: t.encrypt('Shop2pass1'),
      }),
    );
    const [created] = await t.database.db.select().from(admins).where(eq(admins.id, id));
    expect(created).toMatchObject({ admType: ADM_TYPE.shop, mustChangePassword: true, scenicId: 1 });
    // the right password: the account must change it first
    await expect(t.login('shop2', 'Shop2pass1')).rejects.toThrow(/password_change_required/);
    expect((await page({ phone: '2222' })).rows.map((r) => [r.username, r.phone, r.roles[0]?.code])).toEqual([
      ['shop2', '13800002222', 'shop_staff'],
    ]);
    await data(call('shop', 'POST', api.update, { id, nickname: '店员李华', phone: '13800003333' }));
    expect((await page({ nickname: '李华' })).rows.map((r) => r.phone)).toEqual(['13800003333']);
    await data(call('shop', 'POST', api.status, { ids: [id], status: 2 }));
    expect((await page({ status: 2 })).rows.map((r) => r.username)).toEqual(['shop2']);
    await expect(t.login('shop2', 'Shop2pass1')).rejects.not.toThrow(/password_change_required/);
    await data(call('shop', 'POST', api.status, { ids: [id], status: 1 }));
    await data(call('shop', 'POST', api.resetPassword, { id, password: t.encrypt('Shop2pass2') }));
    await expect(t.login('shop2', 'Shop2pass2')).rejects.toThrow(/password_change_required/);
  });

  it('refuses bad input, naming the field', async () => {
    const base = {
      username: 'shop3',
      nickname: '店员',
      roleIds: [shopRole],
      password: t.encrypt('Shop3pass1'),
    };
    expect400(await call('shop', 'POST', api.create, { ...base, roleIds: [staffRole] }), 'roleIds');
    expect400(await call('shop', 'POST', api.create, { ...base, roleIds: [] }), 'roleIds');
    expect400(await call('shop', 'POST', api.create, { ...base, phone: '12345' }), 'phone');
    expect400(await call('shop', 'POST', api.create, { ...base, nickname: '' }), 'nickname');
    expect400(await call('shop', 'POST', api.create, { ...base, password: t.encrypt('short') }), 'password');
  });

  it('never touches an account that is not a shop account (404)', async () => {
    expect((await call('shop', 'POST', api.update, { id: staffId, nickname: 'x' })).statusCode).toBe(404);
    expect((await call('shop', 'POST', api.status, { ids: [staffId], status: 2 })).statusCode).toBe(404);
    expect(
      (await call('shop', 'POST', api.resetPassword, { id: staffId, password: t.encrypt('Staffpass9') }))
        .statusCode,
    ).toBe(404);
  });

  it('needs shop:account:page and shop:account:edit', async () => {
    expect((await call('staff', 'POST', api.page, {})).statusCode).toBe(403);
    expect((await call('staff', 'GET', api.roles)).statusCode).toBe(403);
    expect((await call('staff', 'POST', api.status, { ids: [1], status: 2 })).statusCode).toBe(403);
  });
});

describe('export of the shop accounts', () => {
  it('writes the area’s shop accounts as .xlsx, never another kind of account; needs shop:account:page', async () => {
    const res = await call('shop', 'POST', api.export, {});
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    const text = xlsxText(res.rawPayload);
    expect(text).toContain('用户名');
    expect(text).toContain('shop');
    expect(text).not.toContain('staff');
    expect(text).not.toMatch(/\$2[aby]\$|scrypt|argon/);
    expect((await call('staff', 'POST', api.export, {})).statusCode).toBe(403);
  });
});
