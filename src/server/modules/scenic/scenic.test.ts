import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';

const PAGE = '/web/api/ticket/scenic/page';

interface ScenicRow {
  id: number;
  code: string;
  name: string;
  contact: string;
  phone: string;
  address: string;
  status: number;
  createTime: string;
}

let t: TestApp;
const tokens: Record<'admin' | 'staff' | 'yunling' | 'shop', string> = {
  admin: '',
  staff: '',
  yunling: '',
  shop: '',
};
/** Ids of the two demo areas, read from the database rather than assumed. */
let qsh: number;
let ylgz: number;

beforeAll(async () => {
  t = await createTestApp();
  for (const name of Object.keys(tokens) as (keyof typeof tokens)[]) {
    tokens[name] = (await t.login(name)).access_token;
  }
  const res = await t.call(tokens.admin, 'POST', PAGE, {});
  const rows = res.json().data.rows as ScenicRow[];
  qsh = rows.find((r) => r.code === 'QSH')!.id;
  ylgz = rows.find((r) => r.code === 'YLGZ')!.id;
});
afterAll(() => t.close());

async function page(who: keyof typeof tokens, body: unknown = {}, headers: Record<string, string> = {}) {
  return t.call(tokens[who], 'POST', PAGE, body, headers);
}

describe('POST /web/api/ticket/scenic/page', () => {
  it('shows a platform account every area, in sort order', async () => {
    const res = await page('admin');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.code).toBe(200);
    expect(body.data.total).toBe(2);
    const rows = body.data.rows as ScenicRow[];
    expect(rows.map((r) => r.code)).toEqual(['QSH', 'YLGZ']);
    expect(rows.map((r) => r.name)).toEqual(['青山湖风景区', '云岭古镇']);
    expect(rows[1]).toMatchObject({
      id: ylgz,
      contact: '李敏',
      phone: '0871-65550102',
      address: '云南省大理州云岭镇古镇路 1 号',
      status: 1,
    });
    expect(Number.isNaN(Date.parse(rows[0]!.createTime))).toBe(false);
    expect(qsh).not.toBe(ylgz);
  });

  it('shows staff of area 1 only its own area', async () => {
    const res = await page('staff');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.total).toBe(1);
    expect((res.json().data.rows as ScenicRow[]).map((r) => r.id)).toEqual([qsh]);
  });

  it('shows staff of area 2 only area 2, never a row of area 1', async () => {
    const res = await page('yunling');
    expect(res.statusCode).toBe(200);
    const { rows, total } = res.json().data as { rows: ScenicRow[]; total: number };
    expect(total).toBe(1);
    expect(rows.map((r) => r.id)).toEqual([ylgz]);
    expect(res.body).not.toContain('青山湖');
    expect(res.body).not.toContain('QSH');

    // Not even by searching for it by name.
    const search = await page('yunling', { name: '青山' });
    expect(search.statusCode).toBe(200);
    expect(search.json().data).toEqual({ rows: [], total: 0 });
  });

  it('filters by name (contains, case-insensitive) and treats LIKE wildcards literally', async () => {
    const byName = await page('admin', { name: '古镇' });
    expect(byName.statusCode).toBe(200);
    expect(byName.json().data.total).toBe(1);
    expect(byName.json().data.rows[0].code).toBe('YLGZ');

    const trimmed = await page('admin', { name: '  青山湖 ' });
    expect(trimmed.json().data.rows.map((r: ScenicRow) => r.code)).toEqual(['QSH']);

    const none = await page('admin', { name: '不存在的景区' });
    expect(none.json().data).toEqual({ rows: [], total: 0 });

    for (const wildcard of ['%', '_', '%%']) {
      const res = await page('admin', { name: wildcard });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.total, wildcard).toBe(0);
    }
  });

  it('filters by status', async () => {
    const enabled = await page('admin', { status: 1 });
    expect(enabled.json().data.total).toBe(2);
    const disabled = await page('admin', { status: 2 });
    expect(disabled.json().data).toEqual({ rows: [], total: 0 });
    const bad = await page('admin', { status: 3 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data).toMatchObject({ field: 'status' });
  });

  it('pages: limit 10 page 2 is empty but keeps the total', async () => {
    const res = await page('admin', { page: 2, limit: 10 });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ rows: [], total: 2 });
  });

  it('refuses a page size outside 10/20/30/50/100/400, naming limit', async () => {
    const res = await page('admin', { limit: 15 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 400,
      msg: '参数 limit 有误：每页条数只能是 10、20、30、50、100、400',
      data: { field: 'limit', part: 'body' },
    });
    const en = await page('admin', { limit: 15 }, { 'accept-language': 'en' });
    expect(en.json().msg).toBe('Invalid limit: must be one of 10, 20, 30, 50, 100, 400');
  });

  it('refuses page 0 and a negative page, naming page', async () => {
    for (const p of [0, -1]) {
      const res = await page('admin', { page: p });
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toContain('page');
      expect(res.json().data).toMatchObject({ field: 'page' });
    }
  });

  it('answers 401 without a token or with an unknown one', async () => {
    const none = await t.call(null, 'POST', PAGE, {});
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ code: 401, msg: '未登录或登录已过期，请重新登录', data: null });
    const en = await t.call(null, 'POST', PAGE, {}, { 'accept-language': 'en' });
    expect(en.json().msg).toBe('Not logged in or the session has expired');
    const unknown = await t.call('not-a-real-token', 'POST', PAGE, {});
    expect(unknown.statusCode).toBe(401);
  });

  it('answers 403 to the shop account, which reaches the shop only (docs/accounts.md)', async () => {
    const res = await page('shop');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: 403, msg: '商城账号只能使用商城功能', data: null });
  });

  it('answers 403 to a non-platform account naming another area in X-Scenic-Id', async () => {
    const staff = await page('staff', {}, { 'x-scenic-id': String(ylgz) });
    expect(staff.statusCode).toBe(403);
    expect(staff.json()).toEqual({ code: 403, msg: '不能操作其他景区的数据', data: null });
    expect(staff.body).not.toContain('云岭');

    const yunling = await page('yunling', {}, { 'x-scenic-id': String(qsh) });
    expect(yunling.statusCode).toBe(403);
    expect(yunling.body).not.toContain('青山湖');

    // Naming its own area is fine.
    const own = await page('staff', {}, { 'x-scenic-id': String(qsh) });
    expect(own.statusCode).toBe(200);
    expect(own.json().data.rows.map((r: ScenicRow) => r.id)).toEqual([qsh]);
  });

  it('answers 404 to a platform account naming an area that does not exist', async () => {
    const res = await page('admin', {}, { 'x-scenic-id': '999999' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 404, msg: '景区不存在', data: null });
  });

  it('answers 400 to an X-Scenic-Id that is not a positive whole number', async () => {
    const res = await page('admin', {}, { 'x-scenic-id': 'abc' });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toContain('X-Scenic-Id');
  });

  it('still lists every area for a platform account acting in one area', async () => {
    const res = await page('admin', {}, { 'x-scenic-id': String(ylgz) });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.total).toBe(2);
  });
});
