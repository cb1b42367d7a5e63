import crypto from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, DEMO_PASSWORD, createTestApp, type TestApp } from '../../test/harness.ts';
import { auditLogs } from '../audit/audit.table.ts';
import { encryptWithPublicKey } from '../auth/rsa.service.ts';

const GET_URL = '/web/api/ticket/copyRight/getTerCopyRight';
const ADMIN = '/web/api/admin/system/copyRight';
const CONSOLE = 'backstageManagement';

interface Row {
  id: number;
  clientId: string;
  copContent: string;
  createTime: string;
  updateTime: string;
}

let t: TestApp;
/** A copyright token of `admin`, obtained once for the whole file. */
let copyrightToken: string;

beforeAll(async () => {
  t = await createTestApp({ loginRateLimit: 1000 });
  copyrightToken = await copyrightLogin('admin', ADMIN_PASSWORD);
});
afterAll(() => t.close());

function loginCheck(body: unknown, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'POST', url: `${ADMIN}/loginCheck`, payload: body as object, headers });
}

async function copyrightLogin(username: string, password: string): Promise<string> {
  const res = await loginCheck({ username, password: t.encrypt(password) });
  if (res.statusCode !== 200) throw new Error(`copyright login failed: ${res.statusCode} ${res.body}`);
  return res.json().data.token;
}

/** A copyright-management call: the copyright token travels in the `token` header (docs/product.md §7). */
function cr(path: string, body: unknown, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: `${ADMIN}/${path}`,
    headers: { token: copyrightToken, ...headers },
    payload: body as object,
  });
}

async function current(clientId = CONSOLE): Promise<Row[]> {
  const res = await t.app.inject({ url: `${GET_URL}?clientId=${encodeURIComponent(clientId)}` });
  expect(res.statusCode).toBe(200);
  return res.json().data.items;
}

const content = (siteTitle: string, siteIcon = '') => JSON.stringify({ siteIcon, siteTitle });

function auditRowsFor(id: number, action: string) {
  return t.database.db
    .select()
    .from(auditLogs)
    .where(
      and(
        eq(auditLogs.module, 'copyright'),
        eq(auditLogs.action, action),
        eq(auditLogs.targetId, String(id)),
      ),
    )
    .orderBy(asc(auditLogs.id));
}

describe('GET getTerCopyRight (public)', () => {
  it('gives the seeded branding of the console client as JSON text with siteIcon and siteTitle', async () => {
    const res = await t.app.inject({ url: `${GET_URL}?clientId=${CONSOLE}` });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.code).toBe(200);
    expect(body.msg).toBe('操作成功');
    expect(body.data.items).toHaveLength(1);
    const [item] = body.data.items as Row[];
    expect(item!.clientId).toBe(CONSOLE);
    expect(JSON.parse(item!.copContent)).toEqual({ siteIcon: '', siteTitle: '景区票务运营管理平台' });
    expect(Number.isNaN(Date.parse(item!.createTime))).toBe(false);
    expect(Number.isNaN(Date.parse(item!.updateTime))).toBe(false);
  });

  it('needs no token at all', async () => {
    const res = await t.app.inject({ url: `${GET_URL}?clientId=${CONSOLE}`, headers: { authorization: '' } });
    expect(res.statusCode).toBe(200);
  });

  it('answers 400 naming clientId when it is missing or blank', async () => {
    const missing = await t.app.inject({ url: GET_URL });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().code).toBe(400);
    expect(missing.json().msg).toContain('clientId');
    expect(missing.json().data).toMatchObject({ field: 'clientId', part: 'querystring' });

    const blank = await t.app.inject({ url: `${GET_URL}?clientId=%20%20` });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().msg).toBe('参数 clientId 有误：不能为空');
  });

  it('gives an empty list for a client without branding', async () => {
    expect(await current('noSuchClient')).toEqual([]);
    // A known terminal client that has no record yet.
    expect(await current('winManagement')).toEqual([]);
  });

  it('answers in English when asked', async () => {
    const res = await t.app.inject({ url: GET_URL, headers: { 'accept-language': 'en' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toMatch(/^Invalid clientId: /);
  });
});

describe('POST loginCheck', () => {
  it('gives an account holding the wildcard a copyright token that lasts two hours', async () => {
    const res = await loginCheck({ username: 'admin', password: t.encrypt(ADMIN_PASSWORD) });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.code).toBe(200);
    expect(body.data.token).toMatch(/^\S{20,}$/);
    expect(body.data.expiresIn).toBe(7200);
    // Every login issues a fresh token.
    expect(body.data.token).not.toBe(copyrightToken);
  });

  it('trims the user name like the console does', async () => {
    const res = await loginCheck({ username: '  admin ', password: t.encrypt(ADMIN_PASSWORD) });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.token).toBeTruthy();
  });

  it('answers a wrong password with 401 and data invalid_grant', async () => {
    const res = await loginCheck({ username: 'admin', password: t.encrypt('Wrong12345') });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ code: 401, msg: '用户名或密码错误', data: 'invalid_grant' });
  });

  it('answers an unknown user exactly like a wrong password', async () => {
    const res = await loginCheck({ username: 'nobody-here', password: t.encrypt(DEMO_PASSWORD) });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ code: 401, msg: '用户名或密码错误', data: 'invalid_grant' });
  });

  it('refuses an account without admin:copyright:manage with 403 and issues no token', async () => {
    const res = await loginCheck({ username: 'staff', password: t.encrypt(DEMO_PASSWORD) });
    expect(res.statusCode).toBe(403);
    const body = res.json();
    expect(body.code).toBe(403);
    expect(body.msg).toBe('没有权限执行此操作');
    expect(body.data).toEqual({ required: 'admin:copyright:manage' });
    expect(JSON.stringify(body)).not.toContain('token');
  });

  it('answers 400 naming username when it is missing', async () => {
    const res = await loginCheck({ password: t.encrypt(ADMIN_PASSWORD) });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toContain('username');
    expect(res.json().data).toMatchObject({ field: 'username', part: 'body' });
  });

  it('answers 400 naming password when it is not Base64', async () => {
    const res = await loginCheck({ username: 'admin', password: 'not base64!' });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('参数 password 有误：须为公钥加密后的 Base64 文本');
    expect(res.json().data).toMatchObject({ field: 'password' });
  });

  it('answers 400 naming password when it was encrypted with another key', async () => {
    const other = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
    const foreignKey = other.publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
    const res = await loginCheck({
      username: 'admin',
      password: encryptWithPublicKey(foreignKey, ADMIN_PASSWORD),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('参数 password 有误：无法解密，请刷新页面后重试');
    expect(res.json().data).toEqual({ field: 'password' });
  });

  it('answers in English when asked', async () => {
    const en = { 'accept-language': 'en' };
    const wrong = await loginCheck({ username: 'admin', password: t.encrypt('Wrong12345') }, en);
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().msg).toBe('Incorrect username or password');

    const denied = await loginCheck({ username: 'staff', password: t.encrypt(DEMO_PASSWORD) }, en);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().msg).toBe('You do not have permission to do this');

    const foreign = await loginCheck({ username: 'admin', password: 'QUJD' }, en);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().msg).toBe(
      'Invalid password: Could not decrypt the value, reload the page and try again',
    );
  });
});

describe('copyright session on page/add/update', () => {
  const validAdd = () => ({ clientId: 'winManagement', copContent: content('窗口') });

  it.each([
    ['page', {}],
    ['add', { clientId: CONSOLE, copContent: content('x') }],
    ['update', { id: 1, copContent: content('x') }],
  ])('%s without a token header answers 401', async (path, body) => {
    const res = await t.app.inject({ method: 'POST', url: `${ADMIN}/${path}`, payload: body });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ code: 401, msg: '请先登录版权管理', data: null });
  });

  it('does not accept a normal bearer access token, neither as Authorization nor as the token header', async () => {
    const { access_token } = await t.login('admin');
    for (const path of ['page', 'add', 'update']) {
      const body = path === 'update' ? { id: 1, copContent: content('x') } : validAdd();
      const asBearer = await t.call(access_token, 'POST', `${ADMIN}/${path}`, body);
      expect(asBearer.statusCode, path).toBe(401);
      const asHeader = await t.app.inject({
        method: 'POST',
        url: `${ADMIN}/${path}`,
        headers: { token: access_token },
        payload: body,
      });
      expect(asHeader.statusCode, path).toBe(401);
      expect(asHeader.json().msg).toBe('未登录或登录已过期，请重新登录');
    }
    // Nothing was written by the refused calls.
    expect(await current('winManagement')).toEqual([]);
  });

  it('does not accept a made-up token', async () => {
    const res = await cr('page', {}, { token: 'x'.repeat(43) });
    expect(res.statusCode).toBe(401);
  });

  it('a copyright token is not a bearer token for the rest of the API', async () => {
    const res = await t.call(copyrightToken, 'POST', '/web/api/ticket/scenic/page', {});
    expect(res.statusCode).toBe(401);
  });

  it('answers in English when asked', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${ADMIN}/page`,
      payload: {},
      headers: { 'accept-language': 'en-US,en;q=0.9' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().msg).toBe('Please log in to copyright management first');
  });
});

describe('POST page', () => {
  it('lists the records with the copyright token', async () => {
    const res = await cr('page', {});
    expect(res.statusCode).toBe(200);
    const { rows, total } = res.json().data as { rows: Row[]; total: number };
    expect(total).toBeGreaterThanOrEqual(1);
    expect(rows.length).toBe(Math.min(total, 20));
    expect(rows.some((r) => r.clientId === CONSOLE && JSON.parse(r.copContent).siteTitle)).toBe(true);
  });

  it('filters by clientId and pages', async () => {
    const none = await cr('page', { clientId: 'mtManagement' });
    expect(none.statusCode).toBe(200);
    expect(none.json().data).toEqual({ rows: [], total: 0 });

    const one = await cr('page', { clientId: CONSOLE, page: 1, limit: 10 });
    expect(one.statusCode).toBe(200);
    const data = one.json().data as { rows: Row[]; total: number };
    expect(data.total).toBeGreaterThanOrEqual(1);
    expect(data.rows.every((r) => r.clientId === CONSOLE)).toBe(true);

    const beyond = await cr('page', { clientId: CONSOLE, page: 1000, limit: 10 });
    expect(beyond.json().data.rows).toEqual([]);
    expect(beyond.json().data.total).toBe(data.total);
  });

  it('rejects a page size outside the allowed list, naming limit', async () => {
    const res = await cr('page', { limit: 15 });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('参数 limit 有误：每页条数只能是 10、20、30、50、100、400');
  });
});

describe('POST add', () => {
  it('adds a record, which then is what getTerCopyRight returns, and audits it', async () => {
    const res = await cr('add', {
      clientId: 'selfManagement',
      copContent: content('自助机', '/uploads/a.png'),
    });
    expect(res.statusCode).toBe(200);
    const row = res.json().data as Row;
    expect(row.id).toBeGreaterThan(0);
    expect(row.clientId).toBe('selfManagement');
    expect(JSON.parse(row.copContent)).toEqual({ siteIcon: '/uploads/a.png', siteTitle: '自助机' });

    const items = await current('selfManagement');
    expect(items).toHaveLength(1);
    expect(items[0]!.id).toBe(row.id);
    expect(JSON.parse(items[0]!.copContent).siteTitle).toBe('自助机');

    const audits = await auditRowsFor(row.id, 'create');
    expect(audits).toHaveLength(1);
    const audit = audits[0]!;
    expect(audit.username).toBe('admin');
    expect(audit.adminId).toBeGreaterThan(0);
    expect(audit.targetType).toBe('copyright');
    expect(audit.before).toBeNull();
    expect(audit.after).toMatchObject({ id: row.id, clientId: 'selfManagement', copContent: row.copContent });
  });

  it('makes the newest record win for the client', async () => {
    const before = await current(CONSOLE);
    const res = await cr('add', { clientId: CONSOLE, copContent: content('新标题') });
    expect(res.statusCode).toBe(200);
    const items = await current(CONSOLE);
    expect(items).toHaveLength(1);
    expect(items[0]!.id).toBe(res.json().data.id);
    expect(items[0]!.id).not.toBe(before[0]!.id);
    expect(JSON.parse(items[0]!.copContent).siteTitle).toBe('新标题');
  });

  it.each([
    ['not JSON', 'siteTitle=abc'],
    ['JSON without siteTitle', JSON.stringify({ siteIcon: '' })],
    ['JSON with a blank siteTitle', JSON.stringify({ siteIcon: '', siteTitle: '   ' })],
    ['JSON without siteIcon', JSON.stringify({ siteTitle: 'x' })],
    ['a JSON array', '[]'],
  ])('rejects copContent that is %s with 400 naming copContent', async (_label, copContent) => {
    const res = await cr('add', { clientId: CONSOLE, copContent });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('参数 copContent 有误：须为包含 siteIcon 和 siteTitle 的 JSON 文本');
    expect(res.json().data).toMatchObject({ field: 'copContent' });
  });

  it('rejects an unknown clientId with 400 naming clientId and writes nothing', async () => {
    const res = await cr('add', { clientId: 'madeUpClient', copContent: content('x') });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 400,
      msg: '参数 clientId 有误：不是已知的终端客户端',
      data: { field: 'clientId' },
    });
    expect(await current('madeUpClient')).toEqual([]);
  });

  it('answers in English when asked', async () => {
    const en = { 'accept-language': 'en' };
    const bad = await cr('add', { clientId: CONSOLE, copContent: '{' }, en);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toBe('Invalid copContent: must be JSON text with siteIcon and siteTitle');
    const unknown = await cr('add', { clientId: 'madeUpClient', copContent: content('x') }, en);
    expect(unknown.json().msg).toBe('Invalid clientId: is not a known terminal client');
  });
});

describe('POST update', () => {
  it('answers 404 for an unknown id', async () => {
    const res = await cr('update', { id: 999_999, copContent: content('x') });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 404, msg: '版权信息不存在', data: null });
    const en = await cr('update', { id: 999_999, copContent: content('x') }, { 'accept-language': 'en' });
    expect(en.json().msg).toBe('Copyright record not found');
  });

  it('rejects a bad id, bad copContent and an unknown clientId, naming each field', async () => {
    const badId = await cr('update', { id: 'abc', copContent: content('x') });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().data).toMatchObject({ field: 'id' });

    const [seed] = await current(CONSOLE);
    const badContent = await cr('update', { id: seed!.id, copContent: '{"siteIcon":""}' });
    expect(badContent.statusCode).toBe(400);
    expect(badContent.json().data).toMatchObject({ field: 'copContent' });

    const badClient = await cr('update', {
      id: seed!.id,
      clientId: 'madeUpClient',
      copContent: content('x'),
    });
    expect(badClient.statusCode).toBe(400);
    expect(badClient.json().data).toEqual({ field: 'clientId' });
    // The record is unchanged.
    const [after] = await current(CONSOLE);
    expect(after).toEqual(seed);
  });

  it('changes what getTerCopyRight returns: the most recently updated record wins', async () => {
    // Two records of one client: an older one and a newer one.
    const older = await cr('add', { clientId: 'handManagement', copContent: content('旧') });
    const newer = await cr('add', { clientId: 'handManagement', copContent: content('新') });
    const olderRow = older.json().data as Row;
    const newerRow = newer.json().data as Row;
    expect((await current('handManagement'))[0]!.id).toBe(newerRow.id);

    // Updating the older record makes it the newest.
    const res = await cr('update', {
      id: olderRow.id,
      copContent: content('更新后', '/uploads/copyright/x.png'),
    });
    expect(res.statusCode).toBe(200);
    const updated = res.json().data as Row;
    expect(updated.id).toBe(olderRow.id);
    expect(updated.clientId).toBe('handManagement');
    expect(JSON.parse(updated.copContent)).toEqual({
      siteIcon: '/uploads/copyright/x.png',
      siteTitle: '更新后',
    });
    expect(updated.createTime).toBe(olderRow.createTime);
    expect(Date.parse(updated.updateTime)).toBeGreaterThan(Date.parse(olderRow.updateTime));

    const items = await current('handManagement');
    expect(items).toHaveLength(1);
    expect(items[0]!.id).toBe(olderRow.id);
    expect(JSON.parse(items[0]!.copContent).siteTitle).toBe('更新后');
  });

  it('writes an audit row with before and after', async () => {
    const added = (await cr('add', { clientId: 'dataManagement', copContent: content('前') })).json()
      .data as Row;
    const res = await cr('update', { id: added.id, copContent: content('后') });
    expect(res.statusCode).toBe(200);

    const audits = await auditRowsFor(added.id, 'update');
    expect(audits).toHaveLength(1);
    const audit = audits[0]!;
    expect(audit.username).toBe('admin');
    expect(audit.targetType).toBe('copyright');
    expect(audit.before).toMatchObject({
      id: added.id,
      clientId: 'dataManagement',
      copContent: content('前'),
    });
    expect(audit.after).toMatchObject({
      id: added.id,
      clientId: 'dataManagement',
      copContent: content('后'),
    });
  });

  it('can move a record to another known client', async () => {
    const added = (await cr('add', { clientId: 'ctripManagement', copContent: content('携程') })).json()
      .data as Row;
    const res = await cr('update', {
      id: added.id,
      clientId: 'pftManagement',
      copContent: content('票付通'),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.clientId).toBe('pftManagement');
    expect(await current('ctripManagement')).toEqual([]);
    const [moved] = await current('pftManagement');
    expect(moved!.id).toBe(added.id);
    expect(JSON.parse(moved!.copContent).siteTitle).toBe('票付通');
  });
});
