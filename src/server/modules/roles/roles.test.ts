import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS, PERMISSION_GROUPS } from '../../../shared/perms.ts';
import { shopPermissions } from '../../../shared/perms/shop.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { demoAreas } from '../../test/areas.ts';
import { callsAs } from '../../test/replies.ts';
import { roleIdsByKey } from '../accounts/accounts.fixture.ts';
import { adminRoles, admins, rolePermissions, roles } from '../accounts/accounts.table.ts';
import { auditLogs } from '../audit/audit.table.ts';

const A = '/web/api/admin/admin';
const R = '/web/api/admin/role';
const INITIAL = 'Init1234';
const FINAL = 'Final1234';

interface RoleRow {
  id: number;
  scenicId: number | null;
  platform: boolean;
  code: string;
  name: string;
  remark: string;
  status: number;
  permissions: string[];
  accountCount: number;
}

let t: TestApp;
const tok: Record<string, string> = {};
let qsh: number;
let ylgz: number;
type RoleKey = 'super_admin' | 'scenic_staff' | 'shop_staff' | 'distributor' | 'scenic_staff@2' | 'role_mgr';
/** Role ids by code (`@2`: area 2's), read from the database. */
const role = {} as Record<RoleKey, number>;

const ROLE_PERMS = ['admin:role:page', 'admin:role:create', 'admin:role:update', 'admin:role:delete'];

const { call } = callsAs(() => t, tok, { strict: true });

async function activate(username: string): Promise<string> {
  const change = await t.app.inject({
    method: 'POST',
    url: '/web/api/ticket/auth/changeInitialPassword',
    payload: { username, oldPassword: t.encrypt(INITIAL), newPassword: t.encrypt(FINAL) },
  });
  expect(change.statusCode, change.body).toBe(200);
  return (await t.login(username, FINAL)).access_token;
}

async function createAccount(who: string, username: string, roleIds: number[]) {
  const res = await call(who, 'POST', `${A}/create`, {
    username,
    nickname: username,
    admType: 2,
    roleIds,
    password: t.encrypt(INITIAL),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id as number;
}

function createRole(who: string, body: Record<string, unknown>, headers: Record<string, string> = {}) {
  return call(who, 'POST', `${R}/create`, { name: String(body.code ?? 'x'), ...body }, headers);
}

async function created(who: string, body: Record<string, unknown>, headers: Record<string, string> = {}) {
  const res = await createRole(who, body, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id as number;
}

function update(who: string, body: Record<string, unknown>) {
  return call(who, 'POST', `${R}/update`, body);
}

async function page(who: string, body: unknown = {}, headers: Record<string, string> = {}) {
  return call(who, 'POST', `${R}/page`, body, headers);
}

async function roleRow(id: number) {
  const [row] = await t.database.db.select().from(roles).where(eq(roles.id, id));
  return row;
}

async function permsOf(id: number) {
  const rows = await t.database.db.select().from(rolePermissions).where(eq(rolePermissions.roleId, id));
  return rows.map((r) => r.permission).sort();
}

async function auditsFor(id: number, action: string) {
  return t.database.db
    .select()
    .from(auditLogs)
    .where(
      and(eq(auditLogs.targetType, 'role'), eq(auditLogs.targetId, String(id)), eq(auditLogs.action, action)),
    )
    .orderBy(desc(auditLogs.id));
}

beforeAll(async () => {
  t = await createTestApp({ loginRateLimit: 1000 });
  for (const name of ['admin', 'staff', 'yunling']) tok[name] = (await t.login(name)).access_token;
  ({ qsh, ylgz } = await demoAreas(t.database.db));
  Object.assign(role, await roleIdsByKey(t.database.db, ylgz));
  // A role manager of area 1 (not a platform account), and area 2's staff managing roles too.
  role.role_mgr = await created('admin', {
    code: 'role_mgr',
    name: '角色管理员',
    // it may grant only what it holds (privilege.ts), so it holds what the tests grant
    permissions: [
      ...ROLE_PERMS,
      'admin:admin:page',
      'admin:admin:create',
      'admin:scenic:page',
      'admin:loginLog:page',
      // what the demo shop_staff role holds (issue 18)
      ...Object.keys(shopPermissions.shop),
    ],
  });
  await createAccount('admin', 'rmgr', [role.role_mgr]);
  tok.rmgr = await activate('rmgr');
  const res = await call(
    'admin',
    'POST',
    `${R}/update`,
    { id: role['scenic_staff@2'], permissions: ['admin:scenic:page', ...ROLE_PERMS, 'admin:admin:page'] },
    { 'x-scenic-id': String(ylgz) },
  );
  expect(res.statusCode, res.body).toBe(200);
});
afterAll(() => t.close());

describe('POST /web/api/admin/role/page', () => {
  it("lists the area's roles and, to a platform account, the platform roles, with permissions and holders", async () => {
    const res = await page('admin', { sort: 'code', order: 'asc' });
    expect(res.statusCode).toBe(200);
    const rows = res.json().data.rows as RoleRow[];
    expect(rows.map((r) => r.code)).toEqual([
      'distributor',
      'role_mgr',
      'scenic_staff',
      'shop_staff',
      'super_admin',
    ]);
    expect(rows.find((r) => r.code === 'super_admin')).toMatchObject({
      scenicId: null,
      platform: true,
      permissions: ['*'],
      accountCount: 1,
    });
    expect(rows.find((r) => r.code === 'scenic_staff')).toMatchObject({
      scenicId: qsh,
      platform: false,
      name: '景区员工',
      status: 1,
      permissions: ['admin:loginLog:page', 'admin:scenic:page'],
      accountCount: 1,
    });
    expect(rows.find((r) => r.code === 'shop_staff')!.permissions).toEqual(
      Object.keys(shopPermissions.shop).sort(),
    );
  });

  it('shows a caller of the area only its own roles, never platform roles', async () => {
    const res = await page('rmgr');
    expect((res.json().data.rows as RoleRow[]).map((r) => r.code).sort()).toEqual([
      'distributor',
      'role_mgr',
      'scenic_staff',
      'shop_staff',
    ]);
  });

  it('filters by name and code (contains) and status; sorts by name', async () => {
    const codes = async (body: object) =>
      ((await page('admin', body)).json().data.rows as RoleRow[]).map((r) => r.code);
    expect(await codes({ name: '员工' })).toEqual(['scenic_staff']);
    expect(await codes({ code: 'STAFF', sort: 'code', order: 'asc' })).toEqual([
      'scenic_staff',
      'shop_staff',
    ]);
    expect(await codes({ status: 2 })).toEqual([]);
    expect(await codes({ code: '_' })).toHaveLength(4);
    expect((await page('admin', { sort: 'name' })).statusCode).toBe(200);
    expect((await page('admin', { sort: 'createTime', order: 'asc' })).statusCode).toBe(200);
  });

  it('answers 400 naming the field for bad input', async () => {
    for (const [body, field] of [
      [{ status: 0 }, 'status'],
      [{ sort: 'remark' }, 'sort'],
      [{ permission: 'x' }, 'permission'],
      [{ limit: 25 }, 'limit'],
    ] as const) {
      const res = await page('admin', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().data.field).toBe(field);
    }
  });

  it('answers 403 to an account without admin:role:page', async () => {
    const res = await page('staff');
    expect(res.statusCode).toBe(403);
    expect(res.json().data).toEqual({ required: 'admin:role:page' });
  });

  it("never shows another area's roles; a platform account chooses the area", async () => {
    const res = await page('yunling');
    expect(res.statusCode).toBe(200);
    const rows = res.json().data.rows as RoleRow[];
    expect(rows.map((r) => [r.code, r.scenicId])).toEqual([['scenic_staff', ylgz]]);
    expect(res.body).not.toContain('role_mgr');
    const admin2 = await page('admin', { sort: 'code', order: 'asc' }, { 'x-scenic-id': String(ylgz) });
    expect((admin2.json().data.rows as RoleRow[]).map((r) => [r.code, r.scenicId])).toEqual([
      ['scenic_staff', ylgz],
      ['super_admin', null],
    ]);
  });
});

describe('GET /web/api/admin/role/list', () => {
  it('lists the enabled roles the caller may assign', async () => {
    const disabled = await created('admin', { code: 'old_role', status: 2 });
    const admin = await call('admin', 'GET', `${R}/list`);
    expect(admin.statusCode).toBe(200);
    const codes = (admin.json().data as { code: string; platform: boolean }[]).map((r) => r.code);
    expect(codes).toEqual(['distributor', 'role_mgr', 'scenic_staff', 'shop_staff', 'super_admin']);
    expect(admin.json().data.find((r: { code: string }) => r.code === 'super_admin')).toEqual({
      id: role.super_admin,
      code: 'super_admin',
      name: '超级管理员',
      platform: true,
      assignable: true,
    });
    const mgr = await call('rmgr', 'GET', `${R}/list`);
    // the distributor role holds admin:order:page, which the role manager does not
    expect(
      (mgr.json().data as { code: string; assignable: boolean }[]).map((r) => [r.code, r.assignable]),
    ).toEqual([
      ['distributor', false],
      ['role_mgr', true],
      ['scenic_staff', true],
      ['shop_staff', true],
    ]);
    const yunling = await call('yunling', 'GET', `${R}/list`);
    expect(yunling.json().data).toEqual([
      {
        id: role['scenic_staff@2'],
        code: 'scenic_staff',
        name: '景区员工',
        platform: false,
        assignable: true,
      },
    ]);
    expect((await call('admin', 'GET', `${R}/delete?id=${disabled}`)).statusCode).toBe(200);
  });

  it('answers 400 to an unknown query field and 403 without admin:admin:page', async () => {
    const bad = await call('admin', 'GET', `${R}/list?scenicId=${ylgz}`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toContain('scenicId');
    expect((await call('staff', 'GET', `${R}/list`)).statusCode).toBe(403);
    expect((await call('staff', 'GET', `${R}/list`)).json().data).toEqual({ required: 'admin:admin:page' });
  });
});

describe('GET /web/api/admin/role/permissionTree', () => {
  it('returns the whole catalogue grouped by module with both labels', async () => {
    const res = await call('rmgr', 'GET', `${R}/permissionTree`);
    expect(res.statusCode).toBe(200);
    const tree = res.json().data as {
      module: string;
      label: object;
      perms: { code: string; label: object }[];
    }[];
    expect(tree.map((g) => g.module)).toEqual(PERMISSION_GROUPS.map((g) => g.module));
    expect(tree.flatMap((g) => g.perms.map((p) => p.code))).toEqual([...ALL_PERMISSIONS]);
    const sys = tree.find((g) => g.module === 'sys')!;
    expect(sys.label).toEqual({ zh: '系统管理', en: 'System' });
    expect(sys.perms.find((p) => p.code === 'admin:role:update')!.label).toEqual({
      zh: '编辑角色及权限',
      en: 'Edit roles and their permissions',
    });
  });

  it('answers 400 to an unknown query field and 403 without admin:role:page', async () => {
    expect((await call('admin', 'GET', `${R}/permissionTree?module=sys`)).statusCode).toBe(400);
    const res = await call('staff', 'GET', `${R}/permissionTree`);
    expect(res.statusCode).toBe(403);
  });
});

describe('POST /web/api/admin/role/create', () => {
  it('creates a role of the acting area with its permissions, audited', async () => {
    const id = await created('rmgr', {
      code: 'cashier',
      name: ' 收银员 ',
      remark: '售票窗口',
      permissions: ['admin:scenic:page', 'admin:loginLog:page', 'admin:scenic:page'],
    });
    expect(await roleRow(id)).toMatchObject({ scenicId: qsh, code: 'cashier', name: '收银员', status: 1 });
    expect(await permsOf(id)).toEqual(['admin:loginLog:page', 'admin:scenic:page']);
    const [audit] = await auditsFor(id, 'create');
    expect(audit).toMatchObject({ module: 'sys', username: 'rmgr', scenicId: qsh });
    expect(audit!.after).toMatchObject({
      code: 'cashier',
      permissions: ['admin:loginLog:page', 'admin:scenic:page'],
    });
  });

  it('lets the same code exist once per area', async () => {
    const twice = await createRole('rmgr', { code: 'cashier' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ msg: 'code 已存在，请换一个', data: { field: 'code' } });
    expect((await createRole('yunling', { code: 'cashier' })).statusCode).toBe(200);
    // Platform roles share one namespace too.
    const platform = await createRole('admin', { code: 'super_admin', platform: true });
    expect(platform.statusCode).toBe(409);
    expect(platform.json().data).toEqual({ field: 'code' });
  });

  it('lets a platform account create a platform role and grant the wildcard', async () => {
    const id = await created('admin', { code: 'auditor', platform: true, permissions: ['admin:audit:page'] });
    expect((await roleRow(id))!.scenicId).toBeNull();
    const wild = await created('admin', { code: 'area_root', permissions: ['*'] });
    expect(await permsOf(wild)).toEqual(['*']);
    for (const r of [id, wild])
      expect((await call('admin', 'GET', `${R}/delete?id=${r}`)).statusCode).toBe(200);
  });

  it('answers 400 naming the field for bad input', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ code: '' }, 'code'],
      [{ code: 'has space' }, 'code'],
      [{ code: 'x'.repeat(65) }, 'code'],
      [{ code: 'ok_code', name: '' }, 'name'],
      [{ code: 'ok_code', status: 3 }, 'status'],
      [{ code: 'ok_code', permissions: ['admin:role:page', 'admin:nothing:here'] }, 'permissions'],
      [{ code: 'ok_code', permissions: 'admin:role:page' }, 'permissions'],
      [{ code: 'ok_code', permissions: ['admin:role:*'] }, 'permissions'],
      [{ code: 'ok_code', permissions: ['*'] }, 'permissions'],
      [{ code: 'ok_code', platform: true }, 'platform'],
      [{ code: 'ok_code', scenicId: ylgz }, 'scenicId'],
    ];
    for (const [body, field] of cases) {
      const res = await createRole('rmgr', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().data.field, JSON.stringify(body)).toBe(field);
    }
    const wildcard = await createRole(
      'rmgr',
      { code: 'ok_code', permissions: ['*'] },
      { 'accept-language': 'en' },
    );
    expect(wildcard.json().msg).toBe(
      'Invalid permissions: only platform administrators can grant platform permissions: *',
    );
    expect((await page('admin', { code: 'ok_code' })).json().data.total).toBe(0);
  });

  it('answers 403 to an account without admin:role:create', async () => {
    const res = await createRole('staff', { code: 'nope' });
    expect(res.statusCode).toBe(403);
    expect(res.json().data).toEqual({ required: 'admin:role:create' });
  });
});

describe('POST /web/api/admin/role/update', () => {
  it('replaces the fields and permissions sent, audited before/after', async () => {
    const id = await created('rmgr', { code: 'guide', permissions: ['admin:scenic:page'] });
    const res = await update('rmgr', { id, name: '导游', permissions: ['admin:loginLog:page'] });
    expect(res.statusCode, res.body).toBe(200);
    expect(await roleRow(id)).toMatchObject({ code: 'guide', name: '导游' });
    expect(await permsOf(id)).toEqual(['admin:loginLog:page']);
    const [audit] = await auditsFor(id, 'update');
    expect(audit!.before).toMatchObject({ name: 'guide', permissions: ['admin:scenic:page'] });
    expect(audit!.after).toMatchObject({ name: '导游', permissions: ['admin:loginLog:page'] });
    // Without permissions, the list stays.
    expect((await update('rmgr', { id, remark: 'x' })).statusCode).toBe(200);
    expect(await permsOf(id)).toEqual(['admin:loginLog:page']);
  });

  it("takes effect at the next request of every holder's live session", async () => {
    const id = await created('rmgr', { code: 'viewers', permissions: ['admin:role:page'] });
    await createAccount('rmgr', 'viewer1', [id]);
    await createAccount('rmgr', 'viewer2', [id]);
    const sessions = [await activate('viewer1'), await activate('viewer2')];
    const pageAs = (session: string) => t.call(session, 'POST', `${R}/page`, {});
    for (const s of sessions) expect((await pageAs(s)).statusCode).toBe(200);

    expect((await update('rmgr', { id, permissions: ['admin:scenic:page'] })).statusCode).toBe(200);
    for (const s of sessions) expect((await pageAs(s)).statusCode).toBe(403);

    expect((await update('rmgr', { id, permissions: ['admin:role:page'] })).statusCode).toBe(200);
    for (const s of sessions) expect((await pageAs(s)).statusCode).toBe(200);

    // A disabled role grants nothing; enabling it again restores the permission.
    expect((await update('rmgr', { id, status: 2 })).statusCode).toBe(200);
    for (const s of sessions) expect((await pageAs(s)).statusCode).toBe(403);
    const info = await t.call(sessions[0]!, 'GET', '/web/api/ticket/auth/getUserinfo');
    expect(info.json().data.authorities).toEqual([]);
    expect((await update('rmgr', { id, status: 1 })).statusCode).toBe(200);
    for (const s of sessions) expect((await pageAs(s)).statusCode).toBe(200);
  });

  it('answers 400 naming the field for bad input', async () => {
    const id = role.scenic_staff;
    for (const [body, field] of [
      [{ name: 'x' }, 'id'],
      [{ id, code: 'bad code' }, 'code'],
      [{ id, permissions: ['admin:unknown'] }, 'permissions'],
      [{ id, permissions: ['*'] }, 'permissions'],
      [{ id, status: 9 }, 'status'],
      [{ id, platform: true }, 'platform'],
    ] as const) {
      const res = await update('rmgr', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().data.field).toBe(field);
    }
    expect(await permsOf(id)).toEqual(['admin:loginLog:page', 'admin:scenic:page']);
  });

  it('answers 409 naming code when it is taken in the same area', async () => {
    const res = await update('rmgr', { id: role.shop_staff, code: 'scenic_staff' });
    expect(res.statusCode).toBe(409);
    expect(res.json().data).toEqual({ field: 'code' });
  });

  it("answers 404 for another area's role and, to a caller of an area, for platform roles", async () => {
    for (const [who, id] of [
      ['yunling', role.scenic_staff],
      ['rmgr', role['scenic_staff@2']],
      ['rmgr', role.super_admin],
    ] as const) {
      const res = await update(who, { id: id!, name: 'hacked', permissions: [] });
      expect(res.statusCode, `${who} ${id}`).toBe(404);
    }
    expect((await roleRow(role.scenic_staff))!.name).toBe('景区员工');
    expect(await permsOf(role.super_admin)).toEqual(['*']);
    expect(await permsOf(role.scenic_staff)).toEqual(['admin:loginLog:page', 'admin:scenic:page']);
  });

  it('refuses to take the wildcard from the last enabled account that holds it', async () => {
    const before = (await auditsFor(role.super_admin, 'update')).length;
    for (const body of [
      { id: role.super_admin, status: 2 },
      { id: role.super_admin, permissions: ['admin:role:page'] },
    ]) {
      const res = await update('admin', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(409);
      expect(res.json().msg).toContain('*');
    }
    expect(await auditsFor(role.super_admin, 'update')).toHaveLength(before);
    expect(await permsOf(role.super_admin)).toEqual(['*']);
    expect((await roleRow(role.super_admin))!.status).toBe(1);
    // Renaming it is fine.
    expect((await update('admin', { id: role.super_admin, remark: 'root' })).statusCode).toBe(200);
  });

  it('refuses a caller of an area any change to a role above it, such as a wildcard role', async () => {
    const id = await created('admin', { code: 'local_root', permissions: ['*'] });
    for (const body of [
      { id, permissions: ['admin:role:page'] },
      { id, name: 'renamed' },
      { id, status: 2 },
    ]) {
      const res = await update('rmgr', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(403);
      expect(res.json().msg).toBe('该角色拥有您没有的权限，不能修改或删除');
    }
    expect((await call('rmgr', 'GET', `${R}/delete?id=${id}`)).statusCode).toBe(403);
    expect(await permsOf(id)).toEqual(['*']);
    expect((await call('admin', 'GET', `${R}/delete?id=${id}`)).statusCode).toBe(200);
  });

  it('answers 403 to an account without admin:role:update', async () => {
    const res = await update('staff', { id: role.scenic_staff, name: 'x' });
    expect(res.statusCode).toBe(403);
    expect(res.json().data).toEqual({ required: 'admin:role:update' });
  });
});

describe('GET /web/api/admin/role/delete', () => {
  it('refuses a role that accounts hold, saying how many, then deletes it once unassigned', async () => {
    const id = await created('rmgr', { code: 'temp_role', permissions: ['admin:scenic:page'] });
    const a = await createAccount('rmgr', 'holder1', [id]);
    const b = await createAccount('rmgr', 'holder2', [id]);
    const res = await call('rmgr', 'GET', `${R}/delete?id=${id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      code: 409,
      msg: '该角色已分配给 2 个账号，请先取消分配后再删除',
      data: { count: 2 },
    });
    expect(await roleRow(id)).toBeDefined();
    expect(await t.database.db.select().from(adminRoles).where(eq(adminRoles.roleId, id))).toHaveLength(2);

    await t.database.db.delete(adminRoles).where(eq(adminRoles.roleId, id));
    const ok = await call('rmgr', 'GET', `${R}/delete?id=${id}`);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await roleRow(id)).toBeUndefined();
    expect(await permsOf(id)).toEqual([]);
    const [audit] = await auditsFor(id, 'delete');
    expect(audit!.before).toMatchObject({ code: 'temp_role', permissions: ['admin:scenic:page'] });
    for (const account of [a, b]) {
      expect(await t.database.db.select().from(admins).where(eq(admins.id, account))).toHaveLength(1);
    }
  });

  it('answers 400 naming id for a bad id', async () => {
    for (const query of ['', '?id=x', '?id=-3']) {
      const res = await call('rmgr', 'GET', `${R}/delete${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().data.field).toBe('id');
    }
  });

  it("answers 404 for another area's role and for a platform role", async () => {
    const unused = await created('yunling', { code: 'yl_unused' });
    for (const [who, id] of [
      ['rmgr', unused],
      ['rmgr', role.super_admin],
      ['yunling', role.shop_staff],
    ] as const) {
      const res = await call(who, 'GET', `${R}/delete?id=${id}`);
      expect(res.statusCode).toBe(404);
      expect(await roleRow(id!)).toBeDefined();
    }
  });

  it('answers 403 to an account without admin:role:delete', async () => {
    const res = await call('staff', 'GET', `${R}/delete?id=${role.shop_staff}`);
    expect(res.statusCode).toBe(403);
    expect(res.json().data).toEqual({ required: 'admin:role:delete' });
  });
});

describe('who may grant what (issue 12: a role editor raised itself)', () => {
  const C = '/web/api/admin/system/copyRight/loginCheck';
  const copyrightLogin = (username: string) =>
    t.app.inject({
      method: 'POST',
      url: C,
      payload: { username, password: t.encrypt(FINAL) },
    });

  it('refuses an editor holding only role page/update that edits its own role upwards', async () => {
    const own = await created('admin', {
      code: 'editor_self',
      permissions: ['admin:role:page', 'admin:role:update'],
    });
    await createAccount('admin', 'editor1', [own]);
    const editor = await activate('editor1');
    for (const [perm, message] of [
      ['admin:copyright:manage', '仅平台管理员可以授予平台权限：admin:copyright:manage'],
      ['admin:order:refund', '只能授予自己拥有的权限：admin:order:refund'],
    ] as const) {
      const res = await t.call(editor, 'POST', `${R}/update`, {
        id: own,
        permissions: ['admin:role:page', 'admin:role:update', perm],
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({
        msg: `参数 permissions 有误：${message}`,
        data: { field: 'permissions' },
      });
    }
    expect(await permsOf(own)).toEqual(['admin:role:page', 'admin:role:update']);
    expect((await copyrightLogin('editor1')).statusCode).toBe(403);
    expect((await t.call(editor, 'POST', '/web/api/admin/order/page', {})).statusCode).toBe(403);
    // lowering itself is allowed
    expect(
      (await t.call(editor, 'POST', `${R}/update`, { id: own, permissions: ['admin:role:update'] }))
        .statusCode,
    ).toBe(200);
  });

  it('tells the role editor which permissions the caller may grant', async () => {
    const grantable = async (who: string) => {
      const res = await call(who, 'GET', `${R}/permissionTree`);
      const perms = res
        .json()
        .data.flatMap((g: { perms: { code: string; grantable: boolean }[] }) => g.perms);
      return Object.fromEntries(
        perms.map((p: { code: string; grantable: boolean }) => [p.code, p.grantable]),
      );
    };
    expect(await grantable('rmgr')).toMatchObject({
      'admin:role:page': true,
      'admin:scenic:page': true,
      'admin:order:refund': false,
      'admin:copyright:manage': false,
    });
    expect(Object.values(await grantable('admin')).every(Boolean)).toBe(true);
  });

  it('refuses to enable a disabled role that holds permissions the caller lacks', async () => {
    const dormant = await created('admin', {
      code: 'dormant',
      permissions: ['admin:order:refund'],
      status: 2,
    });
    const res = await update('rmgr', { id: dormant, status: 1 });
    expect(res.statusCode).toBe(403);
    expect((await roleRow(dormant))!.status).toBe(2);
  });

  it('keeps platform permissions to platform administrators, even for an area account holding `*`', async () => {
    const areaRoot = await created('admin', { code: 'area_root2', permissions: ['*'] });
    await createAccount('admin', 'arearoot', [areaRoot]);
    const root = await activate('arearoot');
    const res = await t.call(root, 'POST', `${R}/create`, {
      code: 'brand',
      name: 'brand',
      permissions: ['admin:copyright:manage'],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().data.field).toBe('permissions');
    // and the platform-wide screens stay closed to it whatever it holds
    expect((await copyrightLogin('arearoot')).statusCode).toBe(403);
    const ok = await t.call(root, 'POST', `${R}/create`, {
      code: 'brand',
      name: 'b',
      permissions: ['admin:order:refund'],
    });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('lets a platform administrator grant only what it holds', async () => {
    const platformRoles = await created('admin', {
      code: 'platform_roles',
      platform: true,
      permissions: [...ROLE_PERMS, 'admin:admin:page', 'admin:admin:create'],
    });
    const created1 = await call('admin', 'POST', `${A}/create`, {
      username: 'proles',
      nickname: 'p',
      admType: 1,
      roleIds: [platformRoles],
      password: t.encrypt(INITIAL),
    });
    expect(created1.statusCode, created1.body).toBe(200);
    const platform = await activate('proles');
    const res = await t.call(platform, 'POST', `${R}/create`, {
      code: 'brand2',
      name: 'b',
      permissions: ['admin:copyright:manage'],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('参数 permissions 有误：只能授予自己拥有的权限：admin:copyright:manage');
  });
});
