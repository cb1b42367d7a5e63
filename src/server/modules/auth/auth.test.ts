import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, ADMIN_PASSWORD, DEMO_PASSWORD, type TestApp } from '../../test/harness.ts';
import { admins, adminRoles, rolePermissions, roles } from '../accounts/accounts.table.ts';
import { auditLogs } from '../audit/audit.table.ts';
import { tokens } from '../oauth/oauth.table.ts';
import { loginLogs } from '../audit/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ loginRateLimit: 1000 });
});
afterAll(() => t.close());

const AUTH = '/web/api/ticket/auth';

async function tokenRequest(form: Record<string, string>, authorization?: string, lang?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/login/oauth/token',
    headers: {
      authorization: authorization ?? `Basic ${await t.basic()}`,
      'content-type': 'application/x-www-form-urlencoded',
      ...(lang ? { 'accept-language': lang } : {}),
    },
    payload: new URLSearchParams(form).toString(),
  });
}

function passwordForm(username: string, password: string) {
  return { username, password: t.encrypt(password), grant_type: 'password', scope: 'all' };
}

async function adminRow(username: string) {
  const [row] = await t.database.db.select().from(admins).where(eq(admins.username, username));
  if (!row) throw new Error(`no ${username}`);
  return row;
}

async function resetLock(username: string) {
  await t.database.db
    .update(admins)
    .set({ failedLoginCount: 0, lockedUntil: null })
    .where(eq(admins.username, username));
}

describe('getClient', () => {
  it('hands out the basic credential of the public console client in msg', async () => {
    const res = await t.app.inject({ url: `${AUTH}/getClient?clientId=backstageManagement` });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.code).toBe(200);
    const [id, secret] = Buffer.from(body.msg, 'base64').toString().split(':');
    expect(id).toBe('backstageManagement');
    expect(secret?.length).toBeGreaterThan(20);
  });

  it('refuses confidential and unknown clients alike', async () => {
    for (const clientId of ['winManagement', 'nope']) {
      const res = await t.app.inject({ url: `${AUTH}/getClient?clientId=${clientId}` });
      expect(res.statusCode).toBe(404);
      expect(res.json().msg).toBe('客户端不存在');
    }
  });

  it('names the missing field', async () => {
    const res = await t.app.inject({ url: `${AUTH}/getClient` });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toContain('clientId');
    expect(res.json().data).toEqual({ field: 'clientId', part: 'querystring' });
  });
});

describe('getPublicKey', () => {
  it('returns an SPKI key that RSA-OAEP/SHA-256 round-trips through login', async () => {
    const res = await t.app.inject({ url: `${AUTH}/getPublicKey` });
    expect(res.statusCode).toBe(200);
    const key = crypto.createPublicKey({
      key: Buffer.from(res.json().data.publicKey, 'base64'),
      format: 'der',
      type: 'spki',
    });
    expect(key.asymmetricKeyType).toBe('rsa');
    expect(key.asymmetricKeyDetails?.modulusLength).toBe(2048);
  });
});

describe('password grant', () => {
  it('logs in with the docs/product.md §3 token fields; the user name is trimmed', async () => {
    const res = await tokenRequest(passwordForm('  admin  ', ADMIN_PASSWORD));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body)).toEqual(
      expect.arrayContaining([
        'access_token',
        'refresh_token',
        'expires_in',
        'createTime',
        'roles',
        'token_type',
        'avatar',
      ]),
    );
    expect(body.token_type).toBe('bearer');
    expect(body.expires_in).toBe(7200);
    expect(body.roles).toEqual(['super_admin']);
    expect(Number.isNaN(Date.parse(body.createTime))).toBe(false);
    // only hashes are stored
    const stored = await t.database.db.select().from(tokens);
    expect(stored.some((row) => row.accessHash === body.access_token)).toBe(false);
  });

  it('gives the same 401 invalid_grant for a wrong password and an unknown user', async () => {
    const wrong = await tokenRequest(passwordForm('staff', 'Wrong1234'));
    const unknown = await tokenRequest(passwordForm('ghost-user', 'Wrong1234'));
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ code: 401, msg: '用户名或密码错误', data: 'invalid_grant' });
    }
    await resetLock('staff');
  });

  it('answers in English when asked', async () => {
    const res = await tokenRequest(passwordForm('staff', 'Wrong1234'), undefined, 'en');
    expect(res.json().msg).toBe('Incorrect username or password');
    await resetLock('staff');
  });

  it('rejects a missing or wrong client credential', async () => {
    const none = await t.app.inject({
      method: 'POST',
      url: '/login/oauth/token',
      payload: passwordForm('admin', ADMIN_PASSWORD),
    });
    expect(none.statusCode).toBe(401);
    expect(none.json().data).toBe('invalid_client');
    const wrong = await tokenRequest(
      passwordForm('admin', ADMIN_PASSWORD),
      `Basic ${Buffer.from('backstageManagement:guess').toString('base64')}`,
    );
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().data).toBe('invalid_client');
  });

  it('names the bad field', async () => {
    const noUser = await tokenRequest({ password: t.encrypt('x'), grant_type: 'password' });
    expect(noUser.statusCode).toBe(400);
    expect(noUser.json().data.field).toBe('username');
    const badGrant = await tokenRequest({ username: 'admin', password: 'x', grant_type: 'magic' });
    expect(badGrant.statusCode).toBe(400);
    expect(badGrant.json().data.field).toBe('grant_type');
    const plain = await tokenRequest({ username: 'admin', password: 'not base64!', grant_type: 'password' });
    expect(plain.statusCode).toBe(400);
    expect(plain.json().data.field).toBe('password');
    const otherKey = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey;
    const foreign = crypto
      .publicEncrypt(
        { key: otherKey, padding: crypto.constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
        Buffer.from(ADMIN_PASSWORD),
      )
      .toString('base64');
    const undecryptable = await tokenRequest({
      username: 'admin',
      password: foreign,
      grant_type: 'password',
    });
    expect(undecryptable.statusCode).toBe(400);
    expect(undecryptable.json().data.field).toBe('password');
    expect(undecryptable.json().msg).toContain('password');
  });

  it('records every attempt in the login log, never the password', async () => {
    await tokenRequest(passwordForm('agent', 'Wrong1234'));
    await resetLock('agent');
    const rows = await t.database.db.select().from(loginLogs).where(eq(loginLogs.username, 'agent'));
    expect(rows.some((r) => !r.success && r.reason === 'bad_password')).toBe(true);
    expect(JSON.stringify(rows)).not.toContain('Wrong1234');
  });
});

describe('getUserinfo', () => {
  it('returns the docs/product.md §7 fields with the permission strings as authorities', async () => {
    const { access_token } = await t.login('staff');
    const res = await t.call(access_token, 'GET', `${AUTH}/getUserinfo`);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      user_name: 'staff',
      admNickname: '王丽',
      admType: 2,
      payType: 0,
      scenicId: 1,
      scenicName: '青山湖风景区',
      authorities: ['admin:loginLog:page', 'admin:scenic:page'],
      author: ['scenic_staff'],
      avatar: '',
    });
    expect(typeof data.admId).toBe('number');
  });

  it('shows each account its own scenic area; a platform account may choose another', async () => {
    const yunling = await t.login('yunling');
    const own = await t.call(yunling.access_token, 'GET', `${AUTH}/getUserinfo`);
    expect(own.json().data.scenicId).toBe(2);
    const other = await t.call(yunling.access_token, 'GET', `${AUTH}/getUserinfo`, undefined, {
      'x-scenic-id': '1',
    });
    expect(other.statusCode).toBe(403);
    const admin = await t.login('admin');
    const chosen = await t.call(admin.access_token, 'GET', `${AUTH}/getUserinfo`, undefined, {
      'x-scenic-id': '2',
    });
    expect(chosen.json().data).toMatchObject({ scenicId: 2, scenicName: '云岭古镇', authorities: ['*'] });
  });

  it('is 401 without a token, with a garbage token and with an expired one', async () => {
    expect((await t.call(null, 'GET', `${AUTH}/getUserinfo`)).statusCode).toBe(401);
    expect((await t.call('garbage', 'GET', `${AUTH}/getUserinfo`)).statusCode).toBe(401);
    const { access_token } = await t.login('staff');
    await t.database.db.update(tokens).set({ accessExpiresAt: new Date(Date.now() - 1000) });
    const expired = await t.call(access_token, 'GET', `${AUTH}/getUserinfo`);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().msg).toBe('登录已过期，请重新登录');
  });
});

describe('refresh_token grant', () => {
  it('rotates the pair: the new one works, the old access and refresh tokens do not', async () => {
    const first = await t.login('staff');
    const res = await tokenRequest({ grant_type: 'refresh_token', refresh_token: first.refresh_token });
    expect(res.statusCode).toBe(200);
    const second = res.json();
    expect(second.access_token).not.toBe(first.access_token);
    expect((await t.call(second.access_token, 'GET', `${AUTH}/getUserinfo`)).statusCode).toBe(200);
    expect((await t.call(first.access_token, 'GET', `${AUTH}/getUserinfo`)).statusCode).toBe(401);
    const reuse = await tokenRequest({ grant_type: 'refresh_token', refresh_token: first.refresh_token });
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().data).toBe('invalid_grant');
  });

  it('gives one new pair when the same refresh token is used twice at once', async () => {
    const first = await t.login('staff');
    const results = await Promise.all(
      [0, 1, 2].map(() => tokenRequest({ grant_type: 'refresh_token', refresh_token: first.refresh_token })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 401, 401]);
  });

  it('names a missing refresh token', async () => {
    const res = await tokenRequest({ grant_type: 'refresh_token' });
    expect(res.statusCode).toBe(400);
    expect(res.json().data.field).toBe('refresh_token');
  });
});

describe('logout', () => {
  it('revokes the token pair', async () => {
    const { access_token, refresh_token } = await t.login('staff');
    const res = await t.call(access_token, 'GET', `${AUTH}/logout`);
    expect(res.statusCode).toBe(200);
    expect((await t.call(access_token, 'GET', `${AUTH}/getUserinfo`)).statusCode).toBe(401);
    const refreshed = await tokenRequest({ grant_type: 'refresh_token', refresh_token });
    expect(refreshed.statusCode).toBe(401);
  });

  it('is 401 without a token', async () => {
    expect((await t.call(null, 'GET', `${AUTH}/logout`)).statusCode).toBe(401);
  });
});

describe('lockout', () => {
  it('locks an account after 5 failures, even against the right password, and unlocks after the wait', async () => {
    for (let i = 0; i < 5; i++) {
      expect((await tokenRequest(passwordForm('agent', 'Wrong1234'))).json().msg).toBe('用户名或密码错误');
    }
    const locked = await tokenRequest(passwordForm('agent', DEMO_PASSWORD));
    expect(locked.statusCode).toBe(401);
    expect(locked.json()).toEqual({
      code: 401,
      msg: '登录失败次数过多，请 15 分钟后再试',
      data: 'invalid_grant',
    });
    const row = await adminRow('agent');
    expect(row.lockedUntil!.getTime()).toBeGreaterThan(Date.now() + 14 * 60_000);
    // the wait is over
    await t.database.db
      .update(admins)
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(admins.id, row.id));
    expect((await tokenRequest(passwordForm('agent', DEMO_PASSWORD))).statusCode).toBe(200);
    expect((await adminRow('agent')).failedLoginCount).toBe(0);
  });

  it('locks unknown user names the same way, so the answer never reveals whether a user exists', async () => {
    for (let i = 0; i < 5; i++) await tokenRequest(passwordForm('nobody-here', 'Wrong1234'));
    const res = await tokenRequest(passwordForm('nobody-here', 'Wrong1234'));
    expect(res.json().msg).toBe('登录失败次数过多，请 15 分钟后再试');
  });
});

describe('rate limit', () => {
  it('limits login attempts per address, but not token refreshes', async () => {
    const limited = await createTestApp({ loginRateLimit: 3 });
    try {
      const form = new URLSearchParams({
        username: 'x',
        password: 'AAAA',
        grant_type: 'password',
      }).toString();
      const send = () =>
        limited.app.inject({
          method: 'POST',
          url: '/login/oauth/token',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: form,
        });
      for (let i = 0; i < 3; i++) expect((await send()).statusCode).not.toBe(429);
      const blocked = await send();
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().msg).toMatch(/^请求过于频繁，请 \d+ 秒后再试$/);
      const refresh = await limited.app.inject({
        method: 'POST',
        url: '/login/oauth/token',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'grant_type=refresh_token&refresh_token=abc',
      });
      expect(refresh.statusCode).toBe(401);
      // another address is not affected
      const other = await limited.app.inject({
        method: 'POST',
        url: '/login/oauth/token',
        remoteAddress: '10.9.9.9',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: form,
      });
      expect(other.statusCode).not.toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('change own password', () => {
  it('checks the old password and the password rule, naming the field', async () => {
    const { access_token } = await t.login('yunling');
    const wrongOld = await t.call(access_token, 'POST', `${AUTH}/changePassword`, {
      oldPassword: t.encrypt('Nope12345'),
      newPassword: t.encrypt('Better2026'),
    });
    expect(wrongOld.statusCode).toBe(400);
    expect(wrongOld.json().data.field).toBe('oldPassword');
    expect(wrongOld.json().msg).toContain('原密码错误');
    const weak = await t.call(access_token, 'POST', `${AUTH}/changePassword`, {
      oldPassword: t.encrypt(DEMO_PASSWORD),
      newPassword: t.encrypt('short'),
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().data.field).toBe('newPassword');
    const missing = await t.call(access_token, 'POST', `${AUTH}/changePassword`, {
      oldPassword: t.encrypt('a'),
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().data.field).toBe('newPassword');
  });

  it('changes it, keeps this session, signs out the others and writes the audit log', async () => {
    const current = await t.login('yunling');
    const other = await t.login('yunling');
    const res = await t.call(current.access_token, 'POST', `${AUTH}/changePassword`, {
      oldPassword: t.encrypt(DEMO_PASSWORD),
      newPassword: t.encrypt('Better2026'),
    });
    expect(res.statusCode).toBe(200);
    expect((await t.call(current.access_token, 'GET', `${AUTH}/getUserinfo`)).statusCode).toBe(200);
    expect((await t.call(other.access_token, 'GET', `${AUTH}/getUserinfo`)).statusCode).toBe(401);
    expect((await tokenRequest(passwordForm('yunling', DEMO_PASSWORD))).statusCode).toBe(401);
    expect((await tokenRequest(passwordForm('yunling', 'Better2026'))).statusCode).toBe(200);
    const row = await adminRow('yunling');
    const audit = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'changePassword'), eq(auditLogs.targetId, String(row.id))));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.username).toBe('yunling');
    expect(JSON.stringify(audit)).not.toContain('Better2026');
    await resetLock('yunling');
  });
});

describe('forced change of an initial password', () => {
  it('blocks login until the initial password is changed through the public route', async () => {
    const staff = await adminRow('shop');
    await t.database.db.update(admins).set({ mustChangePassword: true }).where(eq(admins.id, staff.id));
    const blocked = await tokenRequest(passwordForm('shop', DEMO_PASSWORD));
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().data).toBe('password_change_required');

    const wrong = await t.app.inject({
      method: 'POST',
      url: `${AUTH}/changeInitialPassword`,
      payload: { username: 'shop', oldPassword: t.encrypt('Wrong1234'), newPassword: t.encrypt('Fresh2026') },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().data).toBe('invalid_grant');
    const bad = await t.app.inject({
      method: 'POST',
      url: `${AUTH}/changeInitialPassword`,
      payload: { username: 'shop', oldPassword: t.encrypt(DEMO_PASSWORD) },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.field).toBe('newPassword');

    const res = await t.app.inject({
      method: 'POST',
      url: `${AUTH}/changeInitialPassword`,
      payload: {
        username: 'shop',
        oldPassword: t.encrypt(DEMO_PASSWORD),
        newPassword: t.encrypt('Fresh2026'),
      },
    });
    expect(res.statusCode).toBe(200);
    expect((await adminRow('shop')).mustChangePassword).toBe(false);
    expect((await tokenRequest(passwordForm('shop', 'Fresh2026'))).statusCode).toBe(200);
    const again = await t.app.inject({
      method: 'POST',
      url: `${AUTH}/changeInitialPassword`,
      payload: { username: 'shop', oldPassword: t.encrypt('Fresh2026'), newPassword: t.encrypt('Other2026') },
    });
    expect(again.statusCode).toBe(409);
  });
});

describe('account state and role changes take effect at the next request', () => {
  it('a disabled account cannot log in and its live token stops working', async () => {
    const { access_token } = await t.login('agent');
    const agent = await adminRow('agent');
    await t.database.db.update(admins).set({ status: 2 }).where(eq(admins.id, agent.id));
    try {
      expect((await t.call(access_token, 'GET', `${AUTH}/getUserinfo`)).statusCode).toBe(401);
      const login = await tokenRequest(passwordForm('agent', DEMO_PASSWORD));
      expect(login.statusCode).toBe(401);
      expect(login.json().msg).toBe('账号已被禁用，请联系管理员');
    } finally {
      await t.database.db.update(admins).set({ status: 1 }).where(eq(admins.id, agent.id));
    }
  });

  it('removing a permission from a role is a 403 on the next request of a live session', async () => {
    const { access_token } = await t.login('staff');
    const page = () => t.call(access_token, 'POST', '/web/api/ticket/scenic/page', {});
    expect((await page()).statusCode).toBe(200);
    const staff = await adminRow('staff');
    const [link] = await t.database.db.select().from(adminRoles).where(eq(adminRoles.adminId, staff.id));
    const where = and(
      eq(rolePermissions.roleId, link!.roleId),
      eq(rolePermissions.permission, 'admin:scenic:page'),
    );
    await t.database.db.delete(rolePermissions).where(where);
    try {
      const denied = await page();
      expect(denied.statusCode).toBe(403);
      expect(denied.json().msg).toBe('没有权限执行此操作');
    } finally {
      await t.database.db
        .insert(rolePermissions)
        .values({ roleId: link!.roleId, permission: 'admin:scenic:page' });
    }
    // a disabled role grants nothing
    await t.database.db.update(roles).set({ status: 2 }).where(eq(roles.id, link!.roleId));
    try {
      expect((await page()).statusCode).toBe(403);
    } finally {
      await t.database.db.update(roles).set({ status: 1 }).where(eq(roles.id, link!.roleId));
    }
  });
});
