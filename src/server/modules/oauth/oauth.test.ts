import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, createTestApp, type TestApp } from '../../test/harness.ts';
import { grantRole } from '../../test/grant.ts';
import { auditLogs } from '../audit/audit.table.ts';
import { sha256 } from '../../lib/password.ts';
import { copyrights } from '../copyright/copyright.table.ts';
import { oauthClients, tokens } from './oauth.table.ts';

const BASE = '/web/api/admin/oauth';

interface Row {
  id: number;
  clientId: string;
  name: string;
  grantTypes: string[];
  scope: string;
  accessTokenTtl: number;
  refreshTokenTtl: number;
  status: number;
  isPublic: boolean;
  createTime: string;
  updateTime: string;
  secret?: string;
}

let t: TestApp;
const tok: Record<'admin' | 'staff' | 'shop', string> = { admin: '', staff: '', shop: '' };

/** Gives an account of area 1 an extra role with these permissions, straight in the database. */
const grant = (username: string, perms: string[]) => grantRole(t, username, perms);

beforeAll(async () => {
  t = await createTestApp({ loginRateLimit: 1000 });
  for (const name of Object.keys(tok) as (keyof typeof tok)[]) tok[name] = (await t.login(name)).access_token;
  // staff (a scenic-area account) holds every oauth permission, yet is not a platform account
  await grant('staff', ['admin:oauth:*']);
});
afterAll(() => t.close());

const call = (who: keyof typeof tok, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  t.call(tok[who], path.startsWith('delete') ? 'GET' : 'POST', `${BASE}/${path}`, body, headers);

/** Password login of `admin` through a given client's Basic credential. */
function loginWith(clientId: string, secret: string) {
  return t.app.inject({
    method: 'POST',
    url: '/login/oauth/token',
    headers: {
      authorization: `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    payload: new URLSearchParams({
      username: 'admin',
      password: t.encrypt(ADMIN_PASSWORD),
      grant_type: 'password',
      scope: 'all',
    }).toString(),
  });
}

async function create(body: Record<string, unknown>): Promise<Row> {
  const res = await call('admin', 'create', {
    name: '测试终端',
    grantTypes: ['password', 'refresh_token'],
    ...body,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

function auditOf(id: number, action: string) {
  return t.database.db
    .select()
    .from(auditLogs)
    .where(
      and(eq(auditLogs.module, 'oauth'), eq(auditLogs.action, action), eq(auditLogs.targetId, String(id))),
    )
    .orderBy(asc(auditLogs.id));
}

async function clientRow(id: number) {
  const [row] = await t.database.db.select().from(oauthClients).where(eq(oauthClients.id, id));
  return row!;
}

describe('POST /web/api/admin/oauth/page', () => {
  it('lists the terminal clients of docs/product.md §9 without any secret', async () => {
    const res = await call('admin', 'page', { limit: 50 });
    expect(res.statusCode).toBe(200);
    const { rows, total } = res.json().data as { rows: Row[]; total: number };
    expect(total).toBe(12);
    expect(rows.map((r) => r.clientId)).toContain('winManagement');
    const consoleClient = rows.find((r) => r.clientId === 'backstageManagement')!;
    expect(consoleClient).toMatchObject({ isPublic: true, status: 1, scope: 'all', accessTokenTtl: 7200 });
    expect(rows.filter((r) => r.isPublic)).toHaveLength(1);
    const stored = await clientRow(consoleClient.id);
    expect(res.body).not.toContain(stored.publicSecret!);
    expect(res.body).not.toContain(stored.secretHash);
    expect(res.body).not.toMatch(/secret/i);
  });

  it('filters by clientId and name (contains), status, and sorts by a whitelisted field', async () => {
    const byId = await call('admin', 'page', { clientId: 'ctrip' });
    expect(byId.json().data.rows.map((r: Row) => r.clientId)).toEqual(['ctripManagement']);
    const byName = await call('admin', 'page', { name: '美团' });
    expect(byName.json().data.rows.map((r: Row) => r.clientId)).toEqual(['mtManagement']);
    const disabled = await call('admin', 'page', { status: 2 });
    expect(disabled.json().data).toEqual({ rows: [], total: 0 });
    const sorted = await call('admin', 'page', { sort: 'clientId', order: 'asc', limit: 50 });
    const ids = sorted.json().data.rows.map((r: Row) => r.clientId) as string[];
    expect(ids).toEqual([...ids].sort());
  });

  it('refuses an unknown sort field or filter, naming it', async () => {
    const sort = await call('admin', 'page', { sort: 'secret_hash' });
    expect(sort.statusCode).toBe(400);
    expect(sort.json().data).toMatchObject({ field: 'sort' });
    const unknown = await call('admin', 'page', { secretHash: 'x' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().msg).toContain('secretHash');
  });

  it('works the same for a platform account acting in area 2 (clients are platform-wide)', async () => {
    const res = await call('admin', 'page', {}, { 'x-scenic-id': '2' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.total).toBe(12);
  });
});

describe('access: platform accounts only', () => {
  it('answers 403 to the shop account, which reaches the shop only (docs/accounts.md)', async () => {
    for (const [path, body] of [
      ['page', {}],
      ['create', {}],
      ['update', { id: 1 }],
      ['resetSecret', { id: 1 }],
      ['delete?id=1', undefined],
    ] as const) {
      const res = await call('shop', path, body);
      expect(res.statusCode, path).toBe(403);
      expect(res.json().msg, path).toBe('商城账号只能使用商城功能');
    }
  });

  it('answers 403 to a scenic-area account even with every oauth permission, before validating', async () => {
    for (const [path, body] of [
      ['page', {}],
      ['create', { clientId: 'x' }],
      ['update', { id: 1, name: 'x' }],
      ['resetSecret', { id: 1 }],
      ['delete?id=1', undefined],
    ] as const) {
      const res = await call('staff', path, body);
      expect(res.statusCode, path).toBe(403);
      expect(res.json()).toEqual({ code: 403, msg: '仅平台管理员可以管理 OAuth 客户端', data: null });
    }
    const en = await call('staff', 'page', {}, { 'accept-language': 'en' });
    expect(en.json().msg).toBe('Only platform administrators can manage OAuth clients');
    // nothing changed
    expect((await clientRow(1)).name).not.toBe('x');
  });

  it('answers 401 without a token', async () => {
    const res = await t.call(null, 'POST', `${BASE}/page`, {});
    expect(res.statusCode).toBe(401);
  });
});

describe('POST /web/api/admin/oauth/create', () => {
  it('generates a secret, shows it once, stores only its SHA-256, and the secret logs in', async () => {
    const created = await create({ clientId: 'kioskManagement', accessTokenTtl: 3600 });
    expect(created).toMatchObject({
      clientId: 'kioskManagement',
      name: '测试终端',
      grantTypes: ['password', 'refresh_token'],
      scope: 'all',
      accessTokenTtl: 3600,
      refreshTokenTtl: 604800,
      status: 1,
      isPublic: false,
    });
    expect(created.secret).toMatch(/^[\w-]{32}$/);
    const stored = await clientRow(created.id);
    expect(stored.secretHash).toBe(sha256(created.secret!));
    expect(stored.publicSecret).toBeNull();

    // afterwards the secret is nowhere to be read
    const page = await call('admin', 'page', { clientId: 'kiosk' });
    expect(page.json().data.rows).toHaveLength(1);
    expect(page.body).not.toContain(created.secret);
    expect(page.body).not.toContain(stored.secretHash);

    const login = await loginWith('kioskManagement', created.secret!);
    expect(login.statusCode, login.body).toBe(200);
    expect(login.json().expires_in).toBe(3600);
    const wrong = await loginWith('kioskManagement', 'not-the-secret');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().data).toBe('invalid_client');
  });

  it('writes a platform-level audit row with the new client and no secret', async () => {
    const created = await create({ clientId: 'auditedManagement' });
    const [row] = await auditOf(created.id, 'create');
    expect(row).toMatchObject({ scenicId: null, username: 'admin', targetType: 'oauthClient' });
    expect(row!.after).toMatchObject({ clientId: 'auditedManagement', isPublic: false });
    const text = JSON.stringify(row);
    expect(text).not.toContain(created.secret!);
    expect(text).not.toContain(sha256(created.secret!));
    expect(text).not.toMatch(/secret/i);
  });

  it('answers 409 naming clientId when it is taken', async () => {
    const res = await call('admin', 'create', {
      clientId: 'winManagement',
      name: 'x',
      grantTypes: ['password'],
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().data).toEqual({ field: 'clientId' });
    expect(res.json().msg).toContain('clientId');
  });

  it('allows at most one public client', async () => {
    const res = await call('admin', 'create', {
      clientId: 'secondConsole',
      name: 'x',
      grantTypes: ['password'],
      isPublic: true,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      code: 409,
      msg: '已有公共客户端 backstageManagement，最多只能有一个公共客户端',
      data: { field: 'isPublic' },
    });
    const [none] = await t.database.db
      .select()
      .from(oauthClients)
      .where(eq(oauthClients.clientId, 'secondConsole'));
    expect(none).toBeUndefined();
  });

  it('answers 400 naming the field for bad input', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ clientId: '', name: 'x', grantTypes: ['password'] }, 'clientId'],
      [{ clientId: 'has space', name: 'x', grantTypes: ['password'] }, 'clientId'],
      [{ clientId: 'a', name: '', grantTypes: ['password'] }, 'name'],
      [{ clientId: 'a', name: 'x', grantTypes: [] }, 'grantTypes'],
      [{ clientId: 'a', name: 'x', grantTypes: ['implicit'] }, 'grantTypes.0'],
      [{ clientId: 'a', name: 'x', grantTypes: ['password', 'password'] }, 'grantTypes'],
      [{ clientId: 'a', name: 'x', grantTypes: ['password'], accessTokenTtl: 10 }, 'accessTokenTtl'],
      [
        { clientId: 'a', name: 'x', grantTypes: ['password'], refreshTokenTtl: 99_999_999 },
        'refreshTokenTtl',
      ],
      [
        { clientId: 'a', name: 'x', grantTypes: ['password'], accessTokenTtl: 7200, refreshTokenTtl: 3600 },
        'refreshTokenTtl',
      ],
      [{ clientId: 'a', name: 'x', grantTypes: ['password'], status: 3 }, 'status'],
      [{ clientId: 'a', name: 'x', grantTypes: ['password'], scope: 'all;drop' }, 'scope'],
    ];
    for (const [body, field] of cases) {
      const res = await call('admin', 'create', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().data.field, JSON.stringify(body)).toBe(field);
      expect(res.json().msg).toContain(field);
    }
    // the secret is the server's to choose
    const res = await call('admin', 'create', {
      clientId: 'a',
      name: 'x',
      grantTypes: ['password'],
      secret: 's',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toContain('secret');
  });
});

describe('POST /web/api/admin/oauth/update', () => {
  it('changes the editable fields with a before/after audit row', async () => {
    const created = await create({ clientId: 'editManagement' });
    const res = await call('admin', 'update', {
      id: created.id,
      name: '改名终端',
      grantTypes: ['client_credentials'],
      accessTokenTtl: 600,
      refreshTokenTtl: 600,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      clientId: 'editManagement',
      name: '改名终端',
      grantTypes: ['client_credentials'],
      accessTokenTtl: 600,
    });
    expect(res.json().data.secret).toBeUndefined();
    const [row] = await auditOf(created.id, 'update');
    expect(row!.before).toMatchObject({ name: '测试终端', accessTokenTtl: 7200 });
    expect(row!.after).toMatchObject({ name: '改名终端', accessTokenTtl: 600, credentialReset: false });
    expect(JSON.stringify(row)).not.toContain(created.secret!);
  });

  it('revokes the tokens of a client it disables', async () => {
    const created = await create({ clientId: 'disableManagement' });
    const login = await loginWith('disableManagement', created.secret!);
    const access = login.json().access_token as string;
    expect((await t.call(access, 'POST', `${BASE}/page`, {})).statusCode).toBe(200);

    const res = await call('admin', 'update', { id: created.id, status: 2 });
    expect(res.statusCode).toBe(200);
    expect((await t.call(access, 'POST', `${BASE}/page`, {})).statusCode).toBe(401);
    expect((await loginWith('disableManagement', created.secret!)).statusCode).toBe(401);
    const [audit] = await auditOf(created.id, 'update');
    expect(audit!.after).toMatchObject({ status: 2, revokedSessions: 1 });
  });

  it('keeps the public console client public and enabled (409)', async () => {
    const [pub] = await t.database.db.select().from(oauthClients).where(eq(oauthClients.isPublic, true));
    for (const change of [{ status: 2 }, { isPublic: false }]) {
      const res = await call('admin', 'update', { id: pub!.id, ...change });
      expect(res.statusCode).toBe(409);
      expect(res.json().msg).toBe('公共控制台客户端不能删除、禁用或改为非公共，否则任何人都无法登录后台');
    }
    expect(await clientRow(pub!.id)).toMatchObject({ isPublic: true, status: 1 });
  });

  it('refuses to make a second client public', async () => {
    const res = await call('admin', 'update', {
      id: (await create({ clientId: 'pubTry' })).id,
      isPublic: true,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().data).toEqual({ field: 'isPublic' });
  });

  it('answers 400 naming the field: clientId is fixed, bad values, missing id', async () => {
    const created = await create({ clientId: 'fixedManagement' });
    const cases: [Record<string, unknown>, string][] = [
      [{ id: created.id, clientId: 'other' }, 'clientId'],
      [{ id: created.id, grantTypes: [] }, 'grantTypes'],
      [{ id: created.id, accessTokenTtl: 7200, refreshTokenTtl: 600 }, 'refreshTokenTtl'],
      [{ name: 'x' }, 'id'],
    ];
    for (const [body, field] of cases) {
      const res = await call('admin', 'update', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().msg).toContain(field);
    }
    const missing = await call('admin', 'update', { id: 999999, name: 'x' });
    expect(missing.statusCode).toBe(404);
  });
});

describe('POST /web/api/admin/oauth/resetSecret', () => {
  it('shows a new secret once; the old one stops working and its tokens are revoked', async () => {
    const created = await create({ clientId: 'resetManagement' });
    const login = await loginWith('resetManagement', created.secret!);
    const access = login.json().access_token as string;

    const res = await call('admin', 'resetSecret', { id: created.id });
    expect(res.statusCode).toBe(200);
    const fresh = res.json().data.secret as string;
    expect(fresh).toMatch(/^[\w-]{32}$/);
    expect(fresh).not.toBe(created.secret);
    expect((await clientRow(created.id)).secretHash).toBe(sha256(fresh));

    expect((await loginWith('resetManagement', created.secret!)).statusCode).toBe(401);
    expect((await loginWith('resetManagement', fresh)).statusCode).toBe(200);
    expect((await t.call(access, 'POST', `${BASE}/page`, {})).statusCode).toBe(401);

    const [audit] = await auditOf(created.id, 'resetSecret');
    expect(audit!.scenicId).toBeNull();
    expect(audit!.after).toMatchObject({ clientId: 'resetManagement', revokedSessions: 1 });
    const text = JSON.stringify(audit);
    expect(text).not.toContain(fresh);
    expect(text).not.toContain(created.secret!);
    expect(text).not.toContain(sha256(fresh));
  });

  it('hands the public client its new secret through getClient', async () => {
    const [pub] = await t.database.db.select().from(oauthClients).where(eq(oauthClients.isPublic, true));
    const res = await call('admin', 'resetSecret', { id: pub!.id });
    expect(res.statusCode).toBe(200);
    const fresh = res.json().data.secret as string;
    const client = await t.app.inject({ url: '/web/api/ticket/auth/getClient?clientId=backstageManagement' });
    expect(Buffer.from(client.json().msg, 'base64').toString()).toBe(`backstageManagement:${fresh}`);
    expect((await loginWith('backstageManagement', fresh)).statusCode).toBe(200);
    // admin's own console session went with the old secret
    expect((await call('admin', 'page', {})).statusCode).toBe(401);
    tok.admin = (await loginWith('backstageManagement', fresh)).json().access_token;
  });

  it('answers 400 naming id, and 404 for an unknown client', async () => {
    const bad = await call('admin', 'resetSecret', { id: 'abc' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.field).toBe('id');
    expect((await call('admin', 'resetSecret', { id: 999999 })).statusCode).toBe(404);
  });
});

describe('GET /web/api/admin/oauth/delete', () => {
  it('refuses a client with live tokens, then deletes it once they are revoked', async () => {
    const created = await create({ clientId: 'deleteManagement' });
    expect((await loginWith('deleteManagement', created.secret!)).statusCode).toBe(200);

    const busy = await call('admin', `delete?id=${created.id}`);
    expect(busy.statusCode).toBe(409);
    expect(busy.json().msg).toBe('该客户端还有 1 个有效的登录令牌，请先禁用客户端或重置密钥使其失效');

    await call('admin', 'update', { id: created.id, status: 2 });
    const res = await call('admin', `delete?id=${created.id}`);
    expect(res.statusCode).toBe(200);
    expect(await t.database.db.select().from(oauthClients).where(eq(oauthClients.id, created.id))).toEqual(
      [],
    );
    const [audit] = await auditOf(created.id, 'delete');
    expect(audit!.before).toMatchObject({ clientId: 'deleteManagement' });
    expect(JSON.stringify(audit)).not.toContain(created.secret!);
    // the revoked token rows stay as history
    const left = await t.database.db.select().from(tokens).where(eq(tokens.clientId, 'deleteManagement'));
    expect(left.every((r) => r.revokedAt)).toBe(true);
  });

  it('refuses the public console client and a client with branding records', async () => {
    const [pub] = await t.database.db.select().from(oauthClients).where(eq(oauthClients.isPublic, true));
    const res = await call('admin', `delete?id=${pub!.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().data).toEqual({ field: 'isPublic' });

    const branded = await create({ clientId: 'brandedManagement' });
    await t.database.db.insert(copyrights).values({ clientId: 'brandedManagement', copContent: '{}' });
    const withBranding = await call('admin', `delete?id=${branded.id}`);
    expect(withBranding.statusCode).toBe(409);
    expect(withBranding.json().msg).toBe('该客户端还有版权信息记录，请先处理');
  });

  it('answers 400 naming id and 404 for an unknown one', async () => {
    const bad = await call('admin', 'delete?id=x');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data).toMatchObject({ field: 'id', part: 'querystring' });
    expect((await call('admin', 'delete?id=999999')).statusCode).toBe(404);
  });
});
