import { sql } from 'drizzle-orm';
import { integer, pgTable, serial, varchar } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_SIZES } from '../../shared/api/common.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { createRecord, deleteRecord, updateRecord, type AuditWriter, type Resource } from './crud.ts';
import { mapDbError } from './db-errors.ts';

/**
 * The framework helpers of src/server/http (paging, sorting, filters, create/update/delete with
 * scoping and audit, database errors), once and thoroughly, through the account and role routes.
 * This layer does not import modules, so it reads the database with plain SQL.
 */

const A = '/web/api/admin/admin';
const R = '/web/api/admin/role';

let t: TestApp;
let admin: string;
let yunling: string;
let qsh: number;
let ylgz: number;

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  const result = await t.database.db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}

async function one<T>(query: ReturnType<typeof sql>): Promise<T> {
  const [row] = await rows<T>(query);
  if (!row) throw new Error('no row');
  return row;
}

const auditCount = async () => (await one<{ n: number }>(sql`select count(*)::int as n from audit_logs`)).n;

function post(token: string, url: string, body: unknown, headers: Record<string, string> = {}) {
  return t.call(token, 'POST', url, body, headers);
}

beforeAll(async () => {
  t = await createTestApp({ loginRateLimit: 1000 });
  // the demo distributors' own logins (dist01…, issue 17) are not what these tests count; their
  // distributors go back to "not enabled" without a login
  const theirs = sql`select id from admins where username ~ '^dist[0-9]+$'`;
  await t.database.db.execute(
    sql`update distributors set admin_id = null, state = 3 where admin_id in (${theirs})`,
  );
  await t.database.db.execute(sql`delete from admin_roles where admin_id in (${theirs})`);
  await t.database.db.execute(sql`delete from admins where username ~ '^dist[0-9]+$'`);
  admin = (await t.login('admin')).access_token;
  const areas = await rows<{ id: number; code: string }>(sql`select id, code from scenic_areas`);
  qsh = areas.find((a) => a.code === 'QSH')!.id;
  ylgz = areas.find((a) => a.code === 'YLGZ')!.id;
  // Area 2's staff may manage roles and accounts, so their 404s below are about scoping.
  const [staff2] = await rows<{ id: number }>(
    sql`select id from roles where scenic_id = ${ylgz} and code = 'scenic_staff'`,
  );
  const grant = await post(
    admin,
    `${R}/update`,
    {
      id: staff2!.id,
      permissions: ['admin:role:page', 'admin:role:update', 'admin:role:delete', 'admin:admin:page'],
    },
    { 'x-scenic-id': String(ylgz) },
  );
  expect(grant.statusCode, grant.body).toBe(200);
  yunling = (await t.login('yunling')).access_token;
  // 23 roles named alike, so paging and tie-breaking have something to chew on.
  for (let i = 1; i <= 23; i++) {
    const res = await post(admin, `${R}/create`, {
      code: `bulk_${String(i).padStart(2, '0')}`,
      name: 'bulk',
    });
    expect(res.statusCode, res.body).toBe(200);
  }
});
afterAll(() => t.close());

describe('paging', () => {
  it('walks every page of a filter exactly once, stable even when the sort key ties', async () => {
    const seen: number[] = [];
    for (let p = 1; p <= 3; p++) {
      const res = await post(admin, `${R}/page`, { name: 'bulk', sort: 'name', page: p, limit: 10 });
      expect(res.statusCode).toBe(200);
      const data = res.json().data as { rows: { id: number }[]; total: number };
      expect(data.total).toBe(23);
      expect(data.rows).toHaveLength(p < 3 ? 10 : 3);
      seen.push(...data.rows.map((r) => r.id));
    }
    expect(new Set(seen).size).toBe(23);
    const all = await post(admin, `${R}/page`, { name: 'bulk', sort: 'name', limit: 30 });
    expect((all.json().data.rows as { id: number }[]).map((r) => r.id)).toEqual(seen);
  });

  it('answers a page past the end with no rows and the real total', async () => {
    for (const p of [4, 1000, 1_000_000]) {
      const res = await post(admin, `${R}/page`, { name: 'bulk', page: p, limit: 10 });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual({ rows: [], total: 23 });
    }
  });

  it('defaults to page 1 of 20', async () => {
    const res = await post(admin, `${R}/page`, { name: 'bulk' });
    expect(res.json().data.rows).toHaveLength(20);
  });

  it('accepts exactly the page sizes 10, 20, 30, 50, 100 and 400', async () => {
    for (const limit of PAGE_SIZES) {
      const res = await post(admin, `${A}/page`, { limit });
      expect(res.statusCode, String(limit)).toBe(200);
    }
    expect((await post(admin, `${A}/page`, { limit: '50' })).statusCode).toBe(200);
    for (const limit of [0, 1, 15, 25, 401, 1000, -10, 10.5, 'ten', null]) {
      const res = await post(admin, `${A}/page`, { limit });
      expect(res.statusCode, String(limit)).toBe(400);
      expect(res.json().data).toEqual({ field: 'limit', part: 'body' });
    }
    const msg = (await post(admin, `${A}/page`, { limit: 15 })).json().msg;
    expect(msg).toBe('参数 limit 有误：每页条数只能是 10、20、30、50、100、400');
  });

  it('refuses page 0, negative, fractional, too large or non-numeric pages, naming page', async () => {
    for (const page of [0, -1, 1.5, 1_000_001, 'first', null]) {
      const res = await post(admin, `${A}/page`, { page });
      expect(res.statusCode, String(page)).toBe(400);
      expect(res.json().data).toEqual({ field: 'page', part: 'body' });
    }
  });
});

describe('sorting', () => {
  it('sorts by each whitelisted field in both directions', async () => {
    const names = async (body: object) =>
      ((await post(admin, `${A}/page`, body)).json().data.rows as { username: string }[]).map(
        (r) => r.username,
      );
    const asc = await names({ sort: 'username', order: 'asc' });
    expect(asc).toEqual([...asc].sort());
    expect(await names({ sort: 'username', order: 'desc' })).toEqual([...asc].reverse());
    for (const sort of ['createTime', 'lastLoginTime']) {
      for (const order of ['asc', 'desc']) {
        expect((await post(admin, `${A}/page`, { sort, order })).statusCode).toBe(200);
      }
    }
  });

  it('refuses SQL, column names and directions outside the whitelist, naming the field', async () => {
    const attempts: [object, string][] = [
      [{ sort: 'username; drop table admins' }, 'sort'],
      [{ sort: 'password_hash' }, 'sort'],
      [{ sort: 'passwordHash' }, 'sort'],
      [{ sort: 'username desc, (select 1)' }, 'sort'],
      [{ sort: 'created_at' }, 'sort'],
      [{ sort: ['username'] }, 'sort'],
      [{ sort: '' }, 'sort'],
      [{ order: 'sideways' }, 'order'],
      [{ order: 'ASC' }, 'order'],
      [{ sort: 'username', order: 'asc; delete from admins' }, 'order'],
    ];
    for (const [body, field] of attempts) {
      const res = await post(admin, `${A}/page`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().data.field, JSON.stringify(body)).toBe(field);
      expect(res.json().msg).toContain(field);
    }
    const roleSort = await post(admin, `${R}/page`, { sort: 'scenic_id' });
    expect(roleSort.json().data.field).toBe('sort');
    // Everything is still there.
    expect((await one<{ n: number }>(sql`select count(*)::int as n from admins`)).n).toBe(5);
  });

  it('treats filter text as data, never as SQL or LIKE patterns', async () => {
    for (const username of ["' or 1=1 --", "admin' --", '%', '_', '\\', "'; drop table admins; --"]) {
      const res = await post(admin, `${A}/page`, { username });
      expect(res.statusCode, username).toBe(200);
      expect(res.json().data.total, username).toBe(0);
    }
    expect((await one<{ n: number }>(sql`select count(*)::int as n from admins`)).n).toBe(5);
  });
});

describe('filters', () => {
  it('refuses unknown filter fields, naming them', async () => {
    for (const [url, body, name] of [
      [`${A}/page`, { foo: 1 }, 'foo'],
      [`${A}/page`, { username: 'a', passwordHash: 'x' }, 'passwordHash'],
      [`${A}/page`, { scenicId: ylgz }, 'scenicId'],
      [`${R}/page`, { permission: '*' }, 'permission'],
    ] as const) {
      const res = await post(admin, url, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().msg).toContain(name);
      expect(res.json().data).toEqual({ field: name, part: 'body' });
    }
    const en = await post(admin, `${A}/page`, { foo: 1 }, { 'accept-language': 'en' });
    expect(en.json().msg).toMatch(/^Invalid foo: .*foo/);
    expect(en.json().data.field).toBe('foo');
  });

  it('refuses filters of the wrong type, naming them', async () => {
    for (const [body, field] of [
      [{ status: 'on' }, 'status'],
      [{ username: 42 }, 'username'],
      [{ username: 'x'.repeat(65) }, 'username'],
      [{ roleId: -1 }, 'roleId'],
    ] as const) {
      const res = await post(admin, `${A}/page`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().data.field).toBe(field);
    }
  });
});

describe('database conflicts become 409 naming the field', () => {
  it('a unique user name (case-insensitive expression index) names username', async () => {
    const res = await post(admin, `${A}/create`, {
      username: 'Staff',
      nickname: 'x',
      admType: 2,
      password: t.encrypt('Init1234'),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: 409, msg: 'username 已存在，请换一个', data: { field: 'username' } });
    const en = await post(
      admin,
      `${A}/create`,
      { username: 'STAFF', nickname: 'x', admType: 2, password: t.encrypt('Init1234') },
      { 'accept-language': 'en' },
    );
    expect(en.json().msg).toBe('username is already taken');
  });

  it('a composite key (coalesce(scenic_id, 0), code) names code, not the scope column', async () => {
    const res = await post(admin, `${R}/create`, { code: 'bulk_01', name: 'again' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: 409, msg: 'code 已存在，请换一个', data: { field: 'code' } });
  });

  it('maps the real driver errors: unique, missing reference, still referenced', async () => {
    const caught = async (query: ReturnType<typeof sql>) => {
      try {
        await t.database.db.execute(query);
      } catch (error) {
        return mapDbError(error);
      }
      throw new Error('expected a database error');
    };
    const missing = await caught(sql`insert into admin_roles (admin_id, role_id) values (1, 999999)`);
    expect(missing).toMatchObject({
      statusCode: 409,
      msgKey: 'referenceMissing',
      options: { data: { field: 'roleId' } },
    });
    const referenced = await caught(sql`delete from scenic_areas where id = ${ylgz}`);
    expect(referenced).toMatchObject({ statusCode: 409, msgKey: 'inUse' });
    const unique = await caught(
      sql`insert into roles (scenic_id, code, name) values (null, 'super_admin', 'x')`,
    );
    expect(unique).toMatchObject({
      statusCode: 409,
      msgKey: 'fieldTaken',
      options: { data: { field: 'code' } },
    });
    const notNull = await caught(sql`insert into roles (scenic_id, code, name) values (null, null, 'x')`);
    expect(notNull).toMatchObject({ statusCode: 400, options: { data: { field: 'code' } } });
    expect(mapDbError(new Error('not a database error'))).toBeNull();
  });
});

describe('scoping: another area’s row is not there', () => {
  it('update and delete of another area’s role answer 404 and leave it unchanged', async () => {
    const target = await one<Record<string, unknown>>(sql`select * from roles where code = 'bulk_05'`);
    const perms = async () =>
      (
        await rows<{ permission: string }>(
          sql`select permission from role_permissions where role_id = ${target.id}`,
        )
      ).map((r) => r.permission);
    const permsBefore = await perms();
    const audits = await auditCount();
    const upd = await post(yunling, `${R}/update`, {
      id: target.id,
      name: 'mine now',
      permissions: ['admin:role:page'],
    });
    expect(upd.statusCode).toBe(404);
    expect(upd.json()).toEqual({ code: 404, msg: '记录不存在或已被删除', data: null });
    const del = await t.call(yunling, 'GET', `${R}/delete?id=${String(target.id)}`);
    expect(del.statusCode).toBe(404);
    expect(await one(sql`select * from roles where id = ${target.id}`)).toEqual(target);
    expect(await perms()).toEqual(permsBefore);
    expect(await auditCount()).toBe(audits);
    // The same role is visible to its own area, and to a platform account acting there.
    expect((await post(admin, `${R}/update`, { id: target.id, remark: 'seen' })).statusCode).toBe(200);
  });

  it('a platform account reaches area 2 only when it acts there', async () => {
    const [own] = await rows<{ id: number }>(sql`select id from roles where scenic_id = ${ylgz}`);
    expect((await post(admin, `${R}/update`, { id: own!.id, remark: 'x' })).statusCode).toBe(404);
    const there = await post(
      admin,
      `${R}/update`,
      { id: own!.id, remark: 'x' },
      { 'x-scenic-id': String(ylgz) },
    );
    expect(there.statusCode).toBe(200);
    expect(qsh).not.toBe(ylgz);
  });
});

describe('audit rows share the transaction of the change', () => {
  it('a successful change writes one row: who, where, request id, before and after', async () => {
    const target = await one<{ id: number }>(sql`select id from roles where code = 'bulk_06'`);
    const audits = await auditCount();
    const res = await post(
      admin,
      `${R}/update`,
      { id: target.id, name: 'renamed' },
      { 'x-request-id': 'crud-test-audit-1' },
    );
    expect(res.statusCode).toBe(200);
    expect(await auditCount()).toBe(audits + 1);
    const row = await one<Record<string, unknown>>(
      sql`select * from audit_logs where request_id = 'crud-test-audit-1'`,
    );
    expect(row).toMatchObject({
      username: 'admin',
      scenic_id: qsh,
      module: 'sys',
      action: 'update',
      target_type: 'role',
      target_id: String(target.id),
      ip: '127.0.0.1',
    });
    expect(row.before).toMatchObject({ name: 'bulk', permissions: [] });
    expect(row.after).toMatchObject({ name: 'renamed', permissions: [] });
  });

  it('a change refused by the database leaves no audit row', async () => {
    const target = await one<{ id: number }>(sql`select id from roles where code = 'bulk_07'`);
    const audits = await auditCount();
    const res = await post(admin, `${R}/update`, {
      id: target.id,
      code: 'bulk_08',
      permissions: ['admin:role:page'],
    });
    expect(res.statusCode).toBe(409);
    expect(await auditCount()).toBe(audits);
    const perms = await rows(sql`select * from role_permissions where role_id = ${target.id}`);
    expect(perms).toEqual([]);
  });

  it('a change refused after its audit row was written (last wildcard) leaves neither', async () => {
    const superAdmin = await one<{ id: number }>(sql`select id from roles where code = 'super_admin'`);
    const audits = await auditCount();
    const res = await post(admin, `${R}/update`, { id: superAdmin.id, status: 2 });
    expect(res.statusCode).toBe(409);
    expect(await auditCount()).toBe(audits);
    expect(
      (await one<{ status: number }>(sql`select status from roles where id = ${superAdmin.id}`)).status,
    ).toBe(1);
  });

  describe('when the audit writer fails, the change is undone', () => {
    // A slice of the roles table, enough for the helpers (this layer does not import modules).
    const roleSlice = pgTable('roles', {
      id: serial('id').primaryKey(),
      scenicId: integer('scenic_id'),
      code: varchar('code', { length: 64 }).notNull(),
      name: varchar('name', { length: 64 }).notNull(),
    });
    const failingAudit: AuditWriter = async () => {
      throw new Error('audit store down');
    };
    const resource: Resource<typeof roleSlice> = {
      table: roleSlice,
      id: roleSlice.id,
      scenic: roleSlice.scenicId,
      module: 'sys',
      targetType: 'role',
      audit: failingAudit,
    };
    const req = {} as FastifyRequest;

    it('create', async () => {
      await expect(
        createRecord(t.database.db, req, resource, { scenicId: qsh, code: 'never_made', name: 'x' }),
      ).rejects.toThrow('audit store down');
      expect(await rows(sql`select * from roles where code = 'never_made'`)).toEqual([]);
    });

    it('update (and its child-row hook)', async () => {
      const target = await one<{ id: number; name: string }>(
        sql`select id, name from roles where code = 'bulk_09'`,
      );
      await expect(
        updateRecord(
          t.database.db,
          req,
          resource,
          target.id,
          qsh,
          { name: 'changed' },
          {
            write: async (tx) => {
              await tx.execute(
                sql`insert into role_permissions (role_id, permission) values (${target.id}, 'admin:role:page')`,
              );
            },
          },
        ),
      ).rejects.toThrow('audit store down');
      expect((await one<{ name: string }>(sql`select name from roles where id = ${target.id}`)).name).toBe(
        target.name,
      );
      expect(await rows(sql`select * from role_permissions where role_id = ${target.id}`)).toEqual([]);
    });

    it('delete', async () => {
      const target = await one<{ id: number }>(sql`select id from roles where code = 'bulk_10'`);
      await expect(deleteRecord(t.database.db, req, resource, target.id, qsh)).rejects.toThrow(
        'audit store down',
      );
      expect(await rows(sql`select id from roles where id = ${target.id}`)).toHaveLength(1);
    });

    it('and a row of another area is a 404 before anything is written', async () => {
      const target = await one<{ id: number }>(sql`select id from roles where code = 'bulk_11'`);
      await expect(
        updateRecord(t.database.db, req, resource, target.id, ylgz, { name: 'x' }),
      ).rejects.toMatchObject({
        statusCode: 404,
      });
      await expect(deleteRecord(t.database.db, req, resource, target.id, ylgz)).rejects.toMatchObject({
        statusCode: 404,
      });
    });
  });
});
