import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, xlsxText, type TestApp } from '../../test/harness.ts';
import { ticketTypes } from './products.table.ts';

const T = '/web/api/admin/ticType';

let t: TestApp;
const tok: Record<string, string> = {};

function call(who: string, method: 'GET' | 'POST', url: string, body?: unknown) {
  return t.call(tok[who]!, method, url, body);
}

beforeAll(async () => {
  t = await createTestApp({ loginRateLimit: 1000 });
  await t.grant('staff', ['admin:ticType:page', 'admin:ticType:create', 'admin:ticType:update']);
  await t.grant('yunling', [
    'admin:ticType:page',
    'admin:ticType:create',
    'admin:ticType:update',
    'admin:ticType:delete',
    'admin:ticket:page',
  ]);
  for (const name of ['admin', 'staff', 'yunling']) tok[name] = (await t.login(name)).access_token;
});
afterAll(() => t.close());

describe('ticket categories', () => {
  it('lists the demo categories of the area, sorted and filtered, with product counts', async () => {
    const res = await call('admin', 'POST', `${T}/page`, {});
    expect(res.statusCode, res.body).toBe(200);
    const { rows, total } = res.json().data;
    expect(total).toBe(4);
    expect(rows.map((r: { name: string }) => r.name)).toEqual(['门票', '联票', '夜游', '演出']);
    expect(rows[0].productCount).toBe(3);
    const byName = await call('admin', 'POST', `${T}/page`, { name: '夜', sort: 'name', order: 'asc' });
    expect(byName.json().data.rows.map((r: { name: string }) => r.name)).toEqual(['夜游']);
  });

  it('creates, updates, disables and deletes a category', async () => {
    const created = await call('staff', 'POST', `${T}/create`, { name: '  年卡  ', sort: 9 });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().data.id as number;
    const [row] = await t.database.db.select().from(ticketTypes).where(eq(ticketTypes.id, id));
    expect(row).toMatchObject({ name: '年卡', sort: 9, status: 1 });

    const updated = await call('staff', 'POST', `${T}/update`, { id, remark: '年卡分类' });
    expect(updated.statusCode, updated.body).toBe(200);
    const status = await call('staff', 'POST', `${T}/status`, { ids: [id], status: 2 });
    expect(status.statusCode, status.body).toBe(200);
    const list = await call('admin', 'POST', `${T}/list`);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.map((r: { id: number }) => r.id)).not.toContain(id);

    // staff lacks the delete permission
    expect((await call('staff', 'GET', `${T}/delete?id=${id}`)).statusCode).toBe(403);
    const del = await call('admin', 'GET', `${T}/delete?id=${id}`);
    expect(del.statusCode, del.body).toBe(200);
  });

  it('answers 400 naming the field', async () => {
    const empty = await call('staff', 'POST', `${T}/create`, { name: ' ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().data.field).toBe('name');
    const unknown = await call('staff', 'POST', `${T}/create`, { name: 'x', color: 'red' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().data.field).toBe('color');
    const sort = await call('staff', 'POST', `${T}/page`, { sort: 'remark' });
    expect(sort.statusCode).toBe(400);
    expect(sort.json().data.field).toBe('sort');
    const status = await call('staff', 'POST', `${T}/status`, { ids: [], status: 1 });
    expect(status.json().data.field).toBe('ids');
  });

  it('answers 409 for a duplicate name and for a category in use', async () => {
    const dup = await call('staff', 'POST', `${T}/create`, { name: '门票' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().data.field).toBe('name');
    const [inUse] = await t.database.db.select().from(ticketTypes).where(eq(ticketTypes.name, '门票'));
    const del = await call('admin', 'GET', `${T}/delete?id=${inUse!.id}`);
    expect(del.statusCode).toBe(409);
    expect(del.json().msg).toContain('3');
  });

  it('refuses callers without the permission', async () => {
    // staff has no admin:ticket:page, which the select list needs
    expect((await call('staff', 'POST', `${T}/list`)).statusCode).toBe(403);
    expect((await call('staff', 'GET', `${T}/delete?id=1`)).statusCode).toBe(403);
  });

  it("keeps another area's categories invisible", async () => {
    const [own] = await t.database.db.select().from(ticketTypes).where(eq(ticketTypes.name, '演出'));
    // the old town has its own demo categories (issue 15), none of area 1's
    const page = await call('yunling', 'POST', `${T}/page`, {});
    expect(page.json().data.rows.map((r: { name: string }) => r.name)).toEqual(['门票', '体验', '夜游']);
    const list = (await call('yunling', 'POST', `${T}/list`)).json().data as { id: number }[];
    expect(list).toHaveLength(3);
    expect(list.some((r) => r.id === own!.id)).toBe(false);
    expect((await call('yunling', 'POST', `${T}/update`, { id: own!.id, name: 'x' })).statusCode).toBe(404);
    expect((await call('yunling', 'GET', `${T}/delete?id=${own!.id}`)).statusCode).toBe(404);
    expect((await call('yunling', 'POST', `${T}/status`, { ids: [own!.id], status: 2 })).statusCode).toBe(
      404,
    );
    // the same name is free in another area
    expect((await call('yunling', 'POST', `${T}/create`, { name: '演出' })).statusCode).toBe(200);
  });

  it('exports the filtered categories as xlsx', async () => {
    const res = await call('admin', 'POST', `${T}/export`, { name: '票' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const text = xlsxText(res.rawPayload);
    expect(text).toContain('分类名称');
    expect(text).toContain('门票');
    expect(text).not.toContain('夜游');
  });
});
