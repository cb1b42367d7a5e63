import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditModule, AuditTarget } from '../../../shared/dict/audit.ts';
import { LoginFailReason } from '../../../shared/dict/auth.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { demoAreas } from '../../test/areas.ts';
import { grantRole } from '../../test/grant.ts';
import { admins } from '../accounts/accounts.table.ts';
import { loginLogs } from './audit.table.ts';
import { redact } from './audit.service.ts';
import { auditLogs } from './audit.table.ts';

const AUDIT = '/web/api/admin/audit/page';
const LOGIN_LOG = '/web/api/admin/loginLog/page';

interface AuditRow {
  id: number;
  scenicId: number | null;
  adminId: number | null;
  username: string;
  module: string;
  action: string;
  targetId: string;
  before: unknown;
  after: unknown;
  createTime: string;
}
interface LoginRow {
  username: string;
  scenicId: number | null;
  ip: string;
  userAgent: string;
  success: boolean;
  reason: string;
  createTime: string;
}

let t: TestApp;
const tok = { admin: '', staff: '', shop: '', yunling: '' };
let qsh: number;
let ylgz: number;
let adminId: number;

const settings = {
  contact: '',
  phone: '',
  openTime: '08:00',
  closeTime: '18:00',
  notice: '',
  refundRule: 1,
  refundDeadlineHours: 0,
  refundFeeUnit: 1,
  refundFeeValue: 0,
  realNameType: 2,
  printType: 1,
};

const grant = (username: string, perms: string[]) => grantRole(t, username, perms);

async function failLogin(username: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/login/oauth/token',
    headers: {
      authorization: `Basic ${await t.basic()}`,
      'content-type': 'application/x-www-form-urlencoded',
      'user-agent': 'audit-test-agent',
    },
    payload: new URLSearchParams({
      username,
      password: t.encrypt('Wrong-pass-1'),
      grant_type: 'password',
      scope: 'all',
    }).toString(),
  });
  expect(res.statusCode).toBe(401);
}

beforeAll(async () => {
  t = await createTestApp({ loginRateLimit: 1000 });
  for (const name of Object.keys(tok) as (keyof typeof tok)[]) tok[name] = (await t.login(name)).access_token;
  ({ qsh, ylgz } = await demoAreas(t.database.db));
  adminId = (await t.database.db.select().from(admins).where(eq(admins.username, 'admin')))[0]!.id;
  await grant('yunling', ['admin:audit:page']);

  // one change in each area and one platform-level change
  const area1 = await t.call(tok.admin, 'POST', '/web/api/admin/setting/update', {
    ...settings,
    notice: '一区公告',
  });
  const area2 = await t.call(
    tok.admin,
    'POST',
    '/web/api/admin/setting/update',
    { ...settings, notice: '二区公告' },
    {
      'x-scenic-id': String(ylgz),
    },
  );
  const client = await t.call(tok.admin, 'POST', '/web/api/admin/oauth/create', {
    clientId: 'auditClient',
    name: '审计终端',
    grantTypes: ['password'],
  });
  expect([area1.statusCode, area2.statusCode, client.statusCode]).toEqual([200, 200, 200]);

  await failLogin('staff');
  await failLogin('yunling');
  await failLogin('ghost');
});
afterAll(() => t.close());

const audit = (who: keyof typeof tok, body: unknown = {}, headers: Record<string, string> = {}) =>
  t.call(tok[who], 'POST', AUDIT, body, headers);
const loginLog = (who: keyof typeof tok, body: unknown = {}, headers: Record<string, string> = {}) =>
  t.call(tok[who], 'POST', LOGIN_LOG, body, headers);

describe('POST /web/api/admin/audit/page', () => {
  it("shows a platform account its area's rows and the platform-level ones, newest first", async () => {
    const res = await audit('admin');
    expect(res.statusCode).toBe(200);
    const rows = res.json().data.rows as AuditRow[];
    expect(rows.every((r) => r.scenicId === qsh || r.scenicId === null)).toBe(true);
    expect(rows.map((r) => r.module)).toEqual(expect.arrayContaining(['setting', 'oauth']));
    expect(res.body).toContain('一区公告');
    expect(res.body).not.toContain('二区公告');
    const times = rows.map((r) => Date.parse(r.createTime));
    expect(times).toEqual([...times].sort((a, b) => b - a));

    const setting = rows.find((r) => r.module === 'setting')!;
    expect(setting).toMatchObject({ username: 'admin', adminId, action: 'update', targetId: String(qsh) });
    expect(setting.before).toMatchObject({ openTime: '07:30' });
    expect(setting.after).toMatchObject({ notice: '一区公告' });
    // a client's secret is in no audit row
    expect(res.body).not.toMatch(/secret|hash/i);
  });

  it('shows area 2 to a platform account acting there, and only area 2 to its staff', async () => {
    const asAdmin = await audit('admin', {}, { 'x-scenic-id': String(ylgz) });
    expect(asAdmin.body).toContain('二区公告');
    expect(asAdmin.body).not.toContain('一区公告');

    const staff = await audit('yunling');
    expect(staff.statusCode).toBe(200);
    const rows = staff.json().data.rows as AuditRow[];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.scenicId === ylgz)).toBe(true);
    expect(staff.body).not.toContain('一区公告');
    expect(staff.body).not.toContain('auditClient');

    // not even by filtering for area 1's module or account
    const filtered = await audit('yunling', { module: 'oauth' });
    expect(filtered.json().data).toEqual({ rows: [], total: 0 });
    expect((await audit('yunling', {}, { 'x-scenic-id': String(qsh) })).statusCode).toBe(403);
  });

  it('filters by account, module, action and time range', async () => {
    const byModule = await audit('admin', { module: 'oauth' });
    expect(byModule.json().data.rows.map((r: AuditRow) => r.action)).toEqual(['create']);
    expect(byModule.json().data.rows[0].scenicId).toBeNull();

    const byAction = await audit('admin', { action: 'create', module: 'setting' });
    expect(byAction.json().data.total).toBe(0);

    const byName = await audit('admin', { username: 'ADM' });
    expect(byName.json().data.total).toBeGreaterThanOrEqual(2);
    expect((await audit('admin', { username: 'nobody' })).json().data.total).toBe(0);
    expect((await audit('admin', { adminId })).json().data.total).toBe(byName.json().data.total);
    expect((await audit('admin', { adminId: 999999 })).json().data.total).toBe(0);

    const future = new Date(Date.now() + 3_600_000).toISOString();
    const past = new Date(Date.now() - 3_600_000).toISOString();
    expect((await audit('admin', { createTimeFrom: future })).json().data.total).toBe(0);
    expect((await audit('admin', { createTimeTo: past })).json().data.total).toBe(0);
    const inRange = await audit('admin', { createTimeFrom: past, createTimeTo: future });
    expect(inRange.json().data.total).toBe((await audit('admin')).json().data.total);
  });

  it('sorts by a whitelisted field only', async () => {
    const res = await audit('admin', { sort: 'module', order: 'asc' });
    const modules = res.json().data.rows.map((r: AuditRow) => r.module) as string[];
    expect(modules).toEqual([...modules].sort());
    const bad = await audit('admin', { sort: 'before' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data).toMatchObject({ field: 'sort' });
  });

  it('answers 400 naming the field for bad input', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ createTimeFrom: 'yesterday' }, 'createTimeFrom'],
      [{ createTimeFrom: '2030-01-02T00:00:00Z', createTimeTo: '2030-01-01T00:00:00Z' }, 'createTimeTo'],
      [{ adminId: 'x' }, 'adminId'],
      [{ limit: 15 }, 'limit'],
      [{ scenicId: 1 }, 'scenicId'],
    ];
    for (const [body, field] of cases) {
      const res = await audit('admin', body);
      expect(res.statusCode, field).toBe(400);
      expect(res.json().msg, field).toContain(field);
    }
  });

  it('answers 403 without admin:audit:page (staff), and to the shop account, which reaches the shop only', async () => {
    const staff = await audit('staff');
    expect(staff.statusCode).toBe(403);
    expect(staff.json().data).toEqual({ required: 'admin:audit:page' });
    const shop = await audit('shop');
    expect(shop.statusCode).toBe(403);
    expect(shop.json().msg).toBe('商城账号只能使用商城功能');
  });
});

describe('POST /web/api/admin/loginLog/page', () => {
  it("shows area 1's staff its area's logins and failures, not area 2's nor unknown names", async () => {
    const res = await loginLog('staff', { limit: 100 });
    expect(res.statusCode).toBe(200);
    const rows = res.json().data.rows as LoginRow[];
    expect(rows.every((r) => r.scenicId === qsh)).toBe(true);
    const names = new Set(rows.map((r) => r.username));
    expect(names).toEqual(new Set(['admin', 'staff', 'shop']));
    const failure = rows.find((r) => !r.success)!;
    expect(failure).toMatchObject({
      username: 'staff',
      reason: 'bad_password',
      userAgent: 'audit-test-agent',
    });
    expect(failure.ip).not.toBe('');
    expect(rows.filter((r) => r.success).every((r) => r.reason === '')).toBe(true);
  });

  it('shows unknown user names to platform accounts only; area 2 sees only area 2', async () => {
    const admin = await loginLog('admin', { username: 'ghost' });
    expect(admin.json().data.rows).toMatchObject([
      { username: 'ghost', scenicId: null, reason: 'unknown_user' },
    ]);

    const yunling = await loginLog('yunling', { limit: 100 });
    const rows = yunling.json().data.rows as LoginRow[];
    expect(new Set(rows.map((r) => r.username))).toEqual(new Set(['yunling']));
    expect((await loginLog('yunling', { username: 'staff' })).json().data.total).toBe(0);
    expect((await loginLog('yunling', { username: 'ghost' })).json().data.total).toBe(0);

    const area2 = await loginLog('admin', {}, { 'x-scenic-id': String(ylgz) });
    expect(new Set(area2.json().data.rows.map((r: LoginRow) => r.username))).toEqual(
      new Set(['yunling', 'ghost']),
    );
  });

  it('filters by username, success, ip and time range; sorts by username', async () => {
    const failed = await loginLog('admin', { success: false });
    expect(
      failed
        .json()
        .data.rows.map((r: LoginRow) => r.username)
        .sort(),
    ).toEqual(['ghost', 'staff']);
    const ok = await loginLog('admin', { success: true, username: 'sta' });
    expect(ok.json().data.rows.map((r: LoginRow) => r.username)).toEqual(['staff']);
    expect((await loginLog('admin', { ip: '127.0.0' })).json().data.total).toBeGreaterThan(0);
    expect((await loginLog('admin', { ip: '10.9.9.9' })).json().data.total).toBe(0);
    const future = new Date(Date.now() + 3_600_000).toISOString();
    expect((await loginLog('admin', { createTimeFrom: future })).json().data.total).toBe(0);
    const sorted = await loginLog('admin', { sort: 'username', order: 'asc' });
    const names = sorted.json().data.rows.map((r: LoginRow) => r.username) as string[];
    expect(names).toEqual([...names].sort());
  });

  it('answers 400 naming the field for bad input', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ success: 'yes' }, 'success'],
      [{ createTimeTo: '2030-13-01' }, 'createTimeTo'],
      [{ sort: 'password' }, 'sort'],
      [{ reason: 'x' }, 'reason'],
    ];
    for (const [body, field] of cases) {
      const res = await loginLog('admin', body);
      expect(res.statusCode, field).toBe(400);
      expect(res.json().msg, field).toContain(field);
    }
  });

  it('answers 403 to the shop account, which reaches the shop only (docs/accounts.md)', async () => {
    const res = await loginLog('shop');
    expect(res.statusCode).toBe(403);
    expect(res.json().msg).toBe('商城账号只能使用商城功能');
  });

  it('labels every failure reason the server records', async () => {
    const rows = await t.database.db.select().from(loginLogs).where(eq(loginLogs.success, false));
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(Object.keys(LoginFailReason)).toContain(row.reason);
    expect(Object.keys(LoginFailReason).sort()).toEqual([
      'bad_password',
      'disabled',
      'locked',
      'unknown_user',
    ]);
  });
});

describe('redact', () => {
  it('drops secret-holding keys at any depth and keeps lifetimes and counts', () => {
    expect(
      redact({
        passwordHash: 'h',
        publicSecret: 's',
        access_token: 'a',
        nested: [{ secret: 's', refreshTokenTtl: 5 }],
        accessTokenTtl: 7200,
        revokedSessions: 2,
        at: new Date('2030-01-01T00:00:00Z'),
      }),
    ).toEqual({
      nested: [{ refreshTokenTtl: 5 }],
      accessTokenTtl: 7200,
      revokedSessions: 2,
      at: '2030-01-01T00:00:00.000Z',
    });
  });
});

describe('one audit vocabulary (src/shared/dict/audit.ts)', () => {
  it('moves the older spellings of the refunds service onto it (migration 0013)', async () => {
    const db = t.database.db;
    const [row] = await db
      .insert(auditLogs)
      .values({
        scenicId: null,
        username: 'old',
        module: 'order',
        action: 'staffRefund',
        targetType: 'order',
        targetId: '7',
      })
      .returning({ id: auditLogs.id });
    const file = path.join(import.meta.dirname, '../../db/migrations/0013_audit_vocabulary.sql');
    for (const statement of fs.readFileSync(file, 'utf8').split('--> statement-breakpoint'))
      await db.execute(sql.raw(statement));
    const [moved] = await db.select().from(auditLogs).where(eq(auditLogs.id, row!.id));
    expect(moved).toMatchObject({ module: 'orders', targetType: 'ticketOrder' });
  });

  it('holds only its names after the server has written rows', async () => {
    const names = await t.database.db
      .selectDistinct({ module: auditLogs.module, targetType: auditLogs.targetType })
      .from(auditLogs);
    expect(names.length).toBeGreaterThan(0);
    for (const { module, targetType } of names) {
      expect(Object.keys(AuditModule)).toContain(module);
      if (targetType) expect(Object.keys(AuditTarget)).toContain(targetType);
    }
  });
});
