import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { DEFAULT_TIME_ZONE, areaDay } from '../../lib/area-clock.ts';
import { createTestApp, xlsxText, type TestApp } from '../../test/harness.ts';
import { auditLogs } from '../audit/audit.table.ts';
import { seedDemoAreaInventory } from './inventory.seed.ts';
import { priceCalendar, publicStock, scenicPeriods } from './inventory.table.ts';
import { createAreaFixtures, dayOf, publicOf, type AreaFixtures } from './test-fixtures.ts';

const PC = '/web/api/admin/priceCalendar';
const PERIOD = '/web/api/admin/period';

let t: TestApp;
let db: Db;
let { qsh, ylgz, f1, f2 } = {} as AreaFixtures;
const tok = { admin: '', staff: '', yunling: '', agent: '' };

beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db;
  ({ qsh, ylgz, f1, f2 } = await createAreaFixtures(db));
  // staff (area 1) may look but not change; yunling (area 2) may do everything in its own area
  await t.grant('staff', ['admin:priceCalendar:page', 'admin:period:page']);
  await t.grant('yunling', [
    'admin:priceCalendar:page',
    'admin:priceCalendar:update',
    'admin:period:page',
    'admin:period:create',
    'admin:period:update',
    'admin:period:delete',
  ]);
  for (const name of Object.keys(tok) as (keyof typeof tok)[]) tok[name] = (await t.login(name)).access_token;
});
afterAll(() => t.close());

type Who = keyof typeof tok;
const call = (who: Who, url: string, body?: unknown) =>
  t.call(tok[who], 'POST', url, body, who === 'admin' ? { 'x-scenic-id': String(qsh) } : {});
const get = (who: Who, url: string) =>
  t.call(tok[who], 'GET', url, undefined, who === 'admin' ? { 'x-scenic-id': String(qsh) } : {});
const field = (res: { json: () => { data: { field?: string } } }) => res.json().data?.field;
const ALL_DAYS = [0, 1, 2, 3, 4, 5, 6];

describe('priceCalendar/products', () => {
  it('lists the regular and timed products of the area with their sessions', async () => {
    const res = await call('admin', `${PC}/products`, {});
    expect(res.statusCode).toBe(200);
    const rows = res.json().data as { id: number; productType: number; sessions: unknown[] }[];
    expect(rows.find((r) => r.id === f1.regular)).toMatchObject({ productType: 1, sessions: [] });
    expect(rows.find((r) => r.id === f1.timed)?.sessions).toHaveLength(3);
    expect(rows.some((r) => r.id === f1.performance)).toBe(false);
    expect(rows.some((r) => r.id === f2.regular)).toBe(false);
  });
  it('refuses unknown fields (400) and accounts without the permission (403)', async () => {
    expect(field(await call('admin', `${PC}/products`, { x: 1 }))).toBe('x');
    expect((await call('agent', `${PC}/products`, {})).statusCode).toBe(403);
  });
});

describe('priceCalendar/batchSet, list, update, export', () => {
  const range = { from: '2030-03-01', to: '2030-03-31' };

  it('creates a month for a regular product, weekends dearer, then lists it', async () => {
    let res = await call('admin', `${PC}/batchSet`, {
      productId: f1.regular,
      ...range,
      weekdays: [1, 2, 3, 4, 5],
      stock: 100,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ created: 21, updated: 0 });
    res = await call('admin', `${PC}/batchSet`, {
      productId: f1.regular,
      ...range,
      weekdays: [0, 6],
      stock: 100,
      price: 12000,
    });
    expect(res.json().data).toEqual({ created: 10, updated: 0 });
    res = await call('staff', `${PC}/list`, { productId: f1.regular, ...range });
    expect(res.statusCode).toBe(200);
    const rows = res.json().data as { date: string; price: number; stock: number; sessionId: null }[];
    expect(rows).toHaveLength(31);
    expect(rows.find((r) => r.date === '2030-03-02')).toMatchObject({
      price: 12000,
      stock: 100,
      sessionId: null,
    }); // Saturday
    expect(rows.find((r) => r.date === '2030-03-04')).toMatchObject({ price: 10000, stock: 100 }); // product price
    const audit = await db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.module, 'inventory'), eq(auditLogs.action, 'batchSet')));
    expect(audit.length).toBeGreaterThanOrEqual(2);
    expect(audit[0]!.scenicId).toBe(qsh);
  });

  it('updates only what is given on existing days; new days need a stock', async () => {
    let res = await call('admin', `${PC}/batchSet`, {
      productId: f1.regular,
      ...range,
      weekdays: [6],
      status: 2,
    });
    expect(res.json().data).toEqual({ created: 0, updated: 5 });
    const sat = await dayOf(db, f1.regular, '2030-03-02');
    expect(sat).toMatchObject({ status: 2, price: 12000, stock: 100 });
    res = await call('admin', `${PC}/batchSet`, {
      productId: f1.regular,
      from: '2030-03-25',
      to: '2030-04-05',
      weekdays: ALL_DAYS,
      price: 9900,
    });
    expect(res.statusCode).toBe(400);
    expect(field(res)).toBe('stock');
    expect((await dayOf(db, f1.regular, '2030-03-25'))?.price).toBe(10000);
  });

  it('refuses a stock below what a day sold: 409 naming the dates, nothing changed', async () => {
    await db
      .update(priceCalendar)
      .set({ sold: 60 })
      .where(and(eq(priceCalendar.productId, f1.regular), eq(priceCalendar.date, '2030-03-05')));
    const res = await call('admin', `${PC}/batchSet`, {
      productId: f1.regular,
      ...range,
      weekdays: ALL_DAYS,
      stock: 50,
      price: 1,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toContain('2030-03-05');
    expect(await dayOf(db, f1.regular, '2030-03-04')).toMatchObject({ stock: 100, price: 10000 });

    const day = (await dayOf(db, f1.regular, '2030-03-05'))!;
    const one = await call('admin', `${PC}/update`, { id: day.id, stock: 59 });
    expect(one.statusCode).toBe(409);
    expect(one.json().msg).toContain('2030-03-05');
    const ok = await call('admin', `${PC}/update`, { id: day.id, stock: 60, price: 8800, status: 2 });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({ stock: 60, sold: 60, price: 8800, status: 2 });
    // one audit row of the day's update (none of the refused one), its before and after
    const audit = await db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.targetType, 'priceCalendar'), eq(auditLogs.targetId, String(day.id))));
    expect(audit.map((a) => [a.module, a.action])).toEqual([['inventory', 'update']]);
    expect(audit[0]!.before).toMatchObject({ stock: day.stock, price: day.price });
    expect(audit[0]!.after).toMatchObject({ stock: 60, price: 8800, status: 2 });
  });

  it('handles sessions of a timed product (default: all of them)', async () => {
    let res = await call('admin', `${PC}/batchSet`, {
      productId: f1.timed,
      from: '2030-05-01',
      to: '2030-05-07',
      weekdays: ALL_DAYS,
      stock: 300,
    });
    expect(res.json().data).toEqual({ created: 21, updated: 0 });
    res = await call('admin', `${PC}/batchSet`, {
      productId: f1.timed,
      sessionIds: [f1.sessions[0]],
      from: '2030-05-01',
      to: '2030-05-07',
      weekdays: ALL_DAYS,
      price: 9000,
    });
    expect(res.json().data).toEqual({ created: 0, updated: 7 });
    expect((await dayOf(db, f1.timed, '2030-05-03', f1.sessions[0]))?.price).toBe(9000);
    expect((await dayOf(db, f1.timed, '2030-05-03', f1.sessions[1]))?.price).toBe(8000);
    res = await call('admin', `${PC}/batchSet`, {
      productId: f1.timed,
      sessionIds: [f2.sessions[0]],
      from: '2030-05-01',
      to: '2030-05-07',
      weekdays: ALL_DAYS,
      price: 1,
    });
    expect(res.statusCode).toBe(400);
    expect(field(res)).toBe('sessionIds');
    res = await call('admin', `${PC}/batchSet`, {
      productId: f1.regular,
      sessionIds: [f1.sessions[0]],
      from: '2030-05-01',
      to: '2030-05-07',
      weekdays: ALL_DAYS,
      price: 1,
    });
    expect(field(res)).toBe('sessionIds');
  });

  it('exports a range as .xlsx', async () => {
    const res = await call('staff', `${PC}/export`, {
      productId: f1.timed,
      from: '2030-05-01',
      to: '2030-05-07',
    });
    expect(res.statusCode).toBe(200);
    const text = xlsxText(res.rawPayload);
    expect(text).toContain('2030-05-03');
    expect(text).toContain('上午 09:00');
    expect(text).toContain('库存');
  });

  it('answers bad input with 400 naming the field', async () => {
    const base = { productId: f1.regular, ...range, weekdays: ALL_DAYS, stock: 1 };
    expect(field(await call('admin', `${PC}/batchSet`, { ...base, weekdays: [] }))).toBe('weekdays');
    expect(field(await call('admin', `${PC}/batchSet`, { ...base, weekdays: [7] }))).toBe('weekdays.0');
    expect(field(await call('admin', `${PC}/batchSet`, { ...base, to: '2031-06-01' }))).toBe('to');
    expect(field(await call('admin', `${PC}/batchSet`, { ...base, to: '2030-02-01' }))).toBe('to');
    expect(field(await call('admin', `${PC}/batchSet`, { ...base, from: '2030-02-30' }))).toBe('from');
    expect(field(await call('admin', `${PC}/batchSet`, { ...base, stock: -1 }))).toBe('stock');
    expect(field(await call('admin', `${PC}/batchSet`, { ...base, stock: undefined }))).toBe('price');
    expect(field(await call('admin', `${PC}/batchSet`, { ...base, productId: f1.performance }))).toBe(
      'productId',
    );
    expect(
      field(
        await call('admin', `${PC}/batchSet`, {
          ...base,
          from: '2030-03-03',
          to: '2030-03-03',
          weekdays: [1],
        }),
      ),
    ).toBe('weekdays');
    expect(
      field(
        await call('admin', `${PC}/list`, { productId: f1.regular, from: '2030-01-01', to: '2030-06-01' }),
      ),
    ).toBe('to');
    expect(field(await call('admin', `${PC}/update`, { id: 1 }))).toBe('price');
    expect(field(await call('admin', `${PC}/update`, { id: 1, price: 1.5 }))).toBe('price');
  });

  it('refuses accounts without the permission (403)', async () => {
    const day = (await dayOf(db, f1.regular, '2030-03-04'))!;
    expect((await call('agent', `${PC}/list`, { productId: f1.regular, ...range })).statusCode).toBe(403);
    expect((await call('staff', `${PC}/update`, { id: day.id, price: 1 })).statusCode).toBe(403);
    expect(
      (
        await call('staff', `${PC}/batchSet`, {
          productId: f1.regular,
          ...range,
          weekdays: ALL_DAYS,
          price: 1,
        })
      ).statusCode,
    ).toBe(403);
    expect((await call('agent', `${PC}/export`, { productId: f1.regular, ...range })).statusCode).toBe(403);
  });

  it("never shows or changes another area's calendar", async () => {
    const day = (await dayOf(db, f1.regular, '2030-03-04'))!;
    expect((await call('yunling', `${PC}/list`, { productId: f1.regular, ...range })).statusCode).toBe(404);
    expect((await call('yunling', `${PC}/export`, { productId: f1.regular, ...range })).statusCode).toBe(404);
    expect((await call('yunling', `${PC}/update`, { id: day.id, price: 1 })).statusCode).toBe(404);
    expect(
      (
        await call('yunling', `${PC}/batchSet`, {
          productId: f1.regular,
          ...range,
          weekdays: ALL_DAYS,
          price: 1,
        })
      ).statusCode,
    ).toBe(404);
    expect((await dayOf(db, f1.regular, '2030-03-04'))?.price).toBe(10000);
    const own = await call('yunling', `${PC}/products`, {});
    expect((own.json().data as { id: number }[]).map((p) => p.id)).not.toContain(f1.regular);
  });
});

describe('period CRUD', () => {
  let id = 0;

  it('lists the demo slots in start order', async () => {
    const res = await call('staff', `${PERIOD}/page`, { sort: 'startTime', order: 'asc' });
    expect(res.statusCode).toBe(200);
    const rows = res.json().data.rows as { startTime: string; capacity: number }[];
    expect(rows.map((r) => r.startTime)).toEqual(['08:00', '10:00', '12:00', '14:30', '18:00']);
    expect(res.json().data.total).toBe(5);
  });

  it('creates, updates and deletes a slot (area 2)', async () => {
    let res = await call('yunling', `${PERIOD}/create`, {
      name: '上午',
      startTime: '09:00',
      endTime: '12:00',
      capacity: 50,
    });
    expect(res.statusCode).toBe(200);
    id = res.json().data.id;
    expect(res.json().data).toMatchObject({ status: 1, sort: 0, capacity: 50 });
    res = await call('yunling', `${PERIOD}/create`, {
      name: '下午',
      startTime: '12:00',
      endTime: '17:00',
      capacity: 50,
    });
    expect(res.statusCode).toBe(200);
    const afternoon = res.json().data.id as number;
    res = await call('yunling', `${PERIOD}/update`, { id, capacity: 80, name: '上午场' });
    expect(res.json().data).toMatchObject({ capacity: 80, name: '上午场' });
    res = await call('yunling', `${PERIOD}/status`, { ids: [id, afternoon], status: 2 });
    expect(res.statusCode).toBe(200);
    expect((await db.select().from(scenicPeriods).where(eq(scenicPeriods.id, id)))[0]?.status).toBe(2);
    res = await get('yunling', `${PERIOD}/delete?id=${afternoon}`);
    expect(res.statusCode).toBe(200);
    expect(await db.select().from(scenicPeriods).where(eq(scenicPeriods.id, afternoon))).toEqual([]);
  });

  it('refuses overlapping slots (400 naming startTime)', async () => {
    let res = await call('yunling', `${PERIOD}/create`, {
      name: 'x',
      startTime: '11:00',
      endTime: '13:00',
      capacity: 1,
    });
    expect(res.statusCode).toBe(400);
    expect(field(res)).toBe('startTime');
    expect(res.json().msg).toContain('09:00-12:00');
    res = await call('yunling', `${PERIOD}/create`, {
      name: 'y',
      startTime: '12:00',
      endTime: '13:00',
      capacity: 1,
    });
    expect(res.statusCode).toBe(200);
    res = await call('yunling', `${PERIOD}/update`, { id, endTime: '12:30' });
    expect(field(res)).toBe('startTime');
    res = await call('yunling', `${PERIOD}/update`, { id, startTime: '12:30' });
    expect(field(res)).toBe('endTime');
  });

  it('refuses to delete a slot with sales (409) but not one whose days sold nothing', async () => {
    await db
      .insert(publicStock)
      .values({ scenicId: ylgz, periodId: id, date: '2030-01-02', capacity: 9, sold: 1 });
    const res = await get('yunling', `${PERIOD}/delete?id=${id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toContain('2030-01-02');
    await db.update(publicStock).set({ sold: 0 }).where(eq(publicStock.periodId, id));
    expect((await get('yunling', `${PERIOD}/delete?id=${id}`)).statusCode).toBe(200);
  });

  it('answers bad input with 400 naming the field', async () => {
    const ok = { name: 'z', startTime: '20:00', endTime: '21:00', capacity: 1 };
    expect(field(await call('yunling', `${PERIOD}/create`, { ...ok, startTime: '8:00' }))).toBe('startTime');
    expect(field(await call('yunling', `${PERIOD}/create`, { ...ok, endTime: '19:00' }))).toBe('endTime');
    expect(field(await call('yunling', `${PERIOD}/create`, { ...ok, capacity: -1 }))).toBe('capacity');
    expect(field(await call('yunling', `${PERIOD}/create`, { ...ok, name: '' }))).toBe('name');
    expect(field(await call('yunling', `${PERIOD}/page`, { sort: 'nope' }))).toBe('sort');
    expect(field(await call('yunling', `${PERIOD}/status`, { ids: [], status: 1 }))).toBe('ids');
    expect((await get('yunling', `${PERIOD}/delete?id=x`)).statusCode).toBe(400);
  });

  it('refuses accounts without the permission (403)', async () => {
    expect((await call('agent', `${PERIOD}/page`, {})).statusCode).toBe(403);
    const ok = { name: 'z', startTime: '22:00', endTime: '23:00', capacity: 1 };
    expect((await call('staff', `${PERIOD}/create`, ok)).statusCode).toBe(403);
    expect((await call('staff', `${PERIOD}/update`, { id: 1, capacity: 1 })).statusCode).toBe(403);
    expect((await call('staff', `${PERIOD}/status`, { ids: [1], status: 2 })).statusCode).toBe(403);
    expect((await get('staff', `${PERIOD}/delete?id=1`)).statusCode).toBe(403);
  });

  it("never shows or changes another area's slots", async () => {
    const own = await db.select().from(scenicPeriods).where(eq(scenicPeriods.scenicId, qsh));
    const target = own[0]!;
    const list = await call('yunling', `${PERIOD}/page`, {});
    expect((list.json().data.rows as { id: number }[]).some((r) => r.id === target.id)).toBe(false);
    expect((await call('yunling', `${PERIOD}/update`, { id: target.id, capacity: 1 })).statusCode).toBe(404);
    expect((await call('yunling', `${PERIOD}/status`, { ids: [target.id], status: 2 })).statusCode).toBe(404);
    expect((await get('yunling', `${PERIOD}/delete?id=${target.id}`)).statusCode).toBe(404);
    const after = (await db.select().from(scenicPeriods).where(eq(scenicPeriods.id, target.id)))[0]!;
    expect(after).toMatchObject({ capacity: target.capacity, status: target.status });
  });
});

describe('period/stock', () => {
  it('lists every slot on every day, from the template where a day has no row', async () => {
    const slots = await db.select().from(scenicPeriods).where(eq(scenicPeriods.scenicId, qsh));
    const morning = slots.find((s) => s.startTime === '08:00')!;
    await db
      .insert(publicStock)
      .values({ scenicId: qsh, periodId: morning.id, date: '2030-07-02', capacity: 77, sold: 7 });
    const res = await call('staff', `${PERIOD}/stock/list`, { from: '2030-07-01', to: '2030-07-31' });
    expect(res.statusCode).toBe(200);
    const { periods, cells } = res.json().data as {
      periods: unknown[];
      cells: { date: string; periodId: number; capacity: number; sold: number; stored: boolean }[];
    };
    expect(periods).toHaveLength(5);
    expect(cells).toHaveLength(31 * 5);
    expect(cells.find((c) => c.date === '2030-07-02' && c.periodId === morning.id)).toMatchObject({
      capacity: 77,
      sold: 7,
      stored: true,
    });
    expect(cells.find((c) => c.date === '2030-07-03' && c.periodId === morning.id)).toMatchObject({
      capacity: 1500,
      sold: 0,
      stored: false,
    });
  });

  it('bulk edits capacity and status; below sold is a 409 naming the dates', async () => {
    const slots = await db.select().from(scenicPeriods).where(eq(scenicPeriods.scenicId, qsh));
    const morning = slots.find((s) => s.startTime === '08:00')!;
    const noon = slots.find((s) => s.startTime === '12:00')!;
    const body = {
      periodIds: [morning.id, noon.id],
      from: '2030-07-01',
      to: '2030-07-07',
      weekdays: ALL_DAYS,
    };
    let res = await call('admin', `${PERIOD}/stock/batchSet`, { ...body, capacity: 5 });
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toContain('2030-07-02');
    expect(await publicOf(db, noon.id, '2030-07-01')).toBeUndefined();
    res = await call('admin', `${PERIOD}/stock/batchSet`, { ...body, capacity: 50 });
    expect(res.json().data).toEqual({ created: 13, updated: 1 });
    expect(await publicOf(db, morning.id, '2030-07-02')).toMatchObject({ capacity: 50, sold: 7 });
    res = await call('admin', `${PERIOD}/stock/batchSet`, { ...body, weekdays: [0], status: 2 });
    expect(res.json().data).toEqual({ created: 0, updated: 2 });
    expect(await publicOf(db, noon.id, '2030-07-07')).toMatchObject({ capacity: 50, status: 2 });
    // status only, on new days: the template capacity
    res = await call('admin', `${PERIOD}/stock/batchSet`, {
      ...body,
      from: '2030-07-08',
      to: '2030-07-08',
      status: 2,
    });
    expect(res.json().data).toEqual({ created: 2, updated: 0 });
    expect(await publicOf(db, noon.id, '2030-07-08')).toMatchObject({ capacity: 1500, status: 2 });
  });

  it('answers bad input with 400, no permission with 403, another area with 404', async () => {
    const slots = await db.select().from(scenicPeriods).where(eq(scenicPeriods.scenicId, qsh));
    const body = {
      periodIds: [slots[0]!.id],
      from: '2030-08-01',
      to: '2030-08-07',
      weekdays: ALL_DAYS,
      capacity: 3,
    };
    expect(field(await call('admin', `${PERIOD}/stock/batchSet`, { ...body, periodIds: [] }))).toBe(
      'periodIds',
    );
    expect(field(await call('admin', `${PERIOD}/stock/batchSet`, { ...body, capacity: undefined }))).toBe(
      'capacity',
    );
    expect(field(await call('admin', `${PERIOD}/stock/list`, { from: '2030-08-01', to: '2030-12-01' }))).toBe(
      'to',
    );
    expect((await call('staff', `${PERIOD}/stock/batchSet`, body)).statusCode).toBe(403);
    expect(
      (await call('agent', `${PERIOD}/stock/list`, { from: '2030-08-01', to: '2030-08-02' })).statusCode,
    ).toBe(403);
    expect((await call('yunling', `${PERIOD}/stock/batchSet`, body)).statusCode).toBe(404);
    expect(await publicOf(db, slots[0]!.id, '2030-08-01')).toBeUndefined();
    const other = await call('yunling', `${PERIOD}/stock/list`, { from: '2030-07-01', to: '2030-07-02' });
    expect(
      (other.json().data.cells as { periodId: number }[]).some((c) => slots.some((s) => s.id === c.periodId)),
    ).toBe(false);
  });
});

describe('demo seed', () => {
  it('builds a year of calendar with dearer weekends and holidays, and past sales within stock', async () => {
    // area 2's demo inventory is a calendar only: seed it here like the first area's, with its
    // products (the fixture ones among them) and none of its calendar or slots left
    await db.delete(scenicPeriods).where(eq(scenicPeriods.scenicId, ylgz));
    await db.delete(priceCalendar).where(eq(priceCalendar.scenicId, ylgz));
    await seedDemoAreaInventory(db, ylgz);
    const rows = await db.select().from(priceCalendar).where(eq(priceCalendar.productId, f2.regular));
    expect(rows.length).toBeGreaterThanOrEqual(396);
    const timed = await db.select().from(priceCalendar).where(eq(priceCalendar.productId, f2.timed));
    expect(timed.length).toBe(rows.length * 3);
    expect(timed.every((r) => r.stock === 300)).toBe(true);
    const today = areaDay(new Date(), DEFAULT_TIME_ZONE);
    for (const r of rows) {
      expect(r.stock).toBe(3000);
      expect(r.sold).toBeLessThan(r.stock);
      if (r.date >= today) expect(r.sold).toBe(0);
      const weekend = [0, 6].includes(new Date(`${r.date}T00:00:00Z`).getUTCDay());
      if (weekend || r.date === '2026-10-01' || r.date === '2027-02-08') expect(r.price).toBe(12000);
    }
    expect(rows.filter((r) => r.date < today).every((r) => r.sold > 0)).toBe(true);
    const stock = await db.select().from(publicStock).where(eq(publicStock.scenicId, ylgz));
    expect(stock.length).toBe(30 * 5);
    for (const s of stock) expect(s.sold).toBeLessThanOrEqual(s.capacity);
  });
});
