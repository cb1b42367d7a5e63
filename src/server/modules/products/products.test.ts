import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, xlsxText, type TestApp } from '../../test/harness.ts';
import { auditLogs } from '../audit/audit.table.ts';
import { priceCalendar } from '../inventory/inventory.table.ts';
import { scenicAreas } from '../scenic/scenic.table.ts';
import { theatres, theatreShows } from '../theatres/theatres.table.ts';
import { productSessions, ticketProducts, ticketTypes } from './products.table.ts';

const P = '/web/api/admin/ticket';

let t: TestApp;
const tok: Record<string, string> = {};
let area1: number;
let area2: number;
let gateTypeId: number;

function call(who: string, method: 'GET' | 'POST', url: string, body?: unknown) {
  return t.call(tok[who]!, method, url, body);
}

const regular = (over: Record<string, unknown> = {}) => ({
  name: '测试成人票',
  typeId: gateTypeId,
  productType: 1,
  price: 9900,
  marketPrice: 12000,
  validityType: 1,
  channels: [1, 4],
  ...over,
});

const timed = (over: Record<string, unknown> = {}) =>
  regular({
    name: '测试分时票',
    productType: 2,
    validityType: 4,
    sessions: [
      { startTime: '09:00', endTime: '10:00' },
      { startTime: '10:00', endTime: '11:00' },
    ],
    ...over,
  });

async function create(body: Record<string, unknown>, who = 'admin') {
  const res = await call(who, 'POST', `${P}/create`, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id as number;
}

async function query(id: number, who = 'admin') {
  const res = await call(who, 'GET', `${P}/query?id=${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

/** The body of an update: the product as the query returns it, in the form's fields. */
function asUpdate(d: Record<string, unknown>, over: Record<string, unknown> = {}) {
  const keys = [
    'id',
    'name',
    'typeId',
    'productType',
    'images',
    'intro',
    'price',
    'marketPrice',
    'validityType',
    'validityDisplay',
    'validDays',
    'validFrom',
    'validTo',
    'timeLimitMinutes',
    'validityText',
    'timeWindows',
    'entryMode',
    'entryTimes',
    'realNameType',
    'printType',
    'limitPerOrder',
    'limitPerIdNumber',
    'channels',
    'refundRule',
    'refundDeadlineHours',
    'refundFeeUnit',
    'refundFeeValue',
    'noticeId',
    'agreementId',
    'printTemplateId',
    'shelfStatus',
    'sort',
  ];
  const body: Record<string, unknown> = Object.fromEntries(keys.map((k) => [k, d[k]]));
  body.sessions = (d.sessions as { id: number; name: string; startTime: string; endTime: string }[]).map(
    ({ id, name, startTime, endTime }) => ({ id, name, startTime, endTime }),
  );
  return { ...body, ...over };
}

async function expect400(res: { statusCode: number; body: string; json: () => unknown }, field: string) {
  expect(res.statusCode, res.body).toBe(400);
  expect((res.json() as { data: { field: string } }).data.field).toBe(field);
}

beforeAll(async () => {
  t = await createTestApp({ loginRateLimit: 1000 });
  await t.grant('staff', ['admin:ticket:page']);
  await t.grant('yunling', [
    'admin:ticket:page',
    'admin:ticket:create',
    'admin:ticket:update',
    'admin:ticket:delete',
  ]);
  for (const name of ['admin', 'staff', 'yunling']) tok[name] = (await t.login(name)).access_token;
  const areas = await t.database.db.select().from(scenicAreas);
  area1 = areas.find((a) => a.code === 'QSH')!.id;
  area2 = areas.find((a) => a.code === 'YLGZ')!.id;
  const [type] = await t.database.db
    .select()
    .from(ticketTypes)
    .where(and(eq(ticketTypes.scenicId, area1), eq(ticketTypes.name, '门票')));
  gateTypeId = type!.id;
});
afterAll(() => t.close());

describe('product list', () => {
  it('pages the demo products with category names, filters and sorts', async () => {
    const res = await call('staff', 'POST', `${P}/page`, {});
    expect(res.statusCode, res.body).toBe(200);
    const { rows, total } = res.json().data;
    expect(total).toBeGreaterThanOrEqual(6);
    const adult = rows.find((r: { name: string }) => r.name === '成人票');
    expect(adult).toMatchObject({ typeName: '门票', price: 12000, marketPrice: 15000, shelfStatus: 1 });

    const timedOnly = await call('staff', 'POST', `${P}/page`, { productType: 2 });
    expect(timedOnly.json().data.rows.map((r: { name: string }) => r.name)).toEqual(['夜游票']);
    // 携程 (16) is not a channel of 老年优惠票
    const ctrip = await call('staff', 'POST', `${P}/page`, { channel: 16, limit: 100 });
    const names = ctrip.json().data.rows.map((r: { name: string }) => r.name);
    expect(names).toContain('成人票');
    expect(names).not.toContain('老年优惠票');
    const byPrice = await call('staff', 'POST', `${P}/page`, { sort: 'price', order: 'desc', limit: 10 });
    expect(byPrice.json().data.rows[0].name).toBe('两日联票');
    const search = await call('staff', 'POST', `${P}/page`, { name: '印象', typeId: 999_999 });
    expect(search.json().data.total).toBe(0);
  });

  it('rejects unknown sort and filter fields', async () => {
    await expect400(await call('staff', 'POST', `${P}/page`, { sort: 'typeName' }), 'sort');
    await expect400(await call('staff', 'POST', `${P}/page`, { channel: 6 }), 'channel');
    await expect400(await call('staff', 'POST', `${P}/page`, { color: 1 }), 'color');
  });

  it('exports xlsx', async () => {
    const res = await call('staff', 'POST', `${P}/export`, { productType: 1 });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const text = xlsxText(res.rawPayload);
    expect(text).toContain('产品名称');
    expect(text).toContain('成人票');
    expect(text).not.toContain('夜游票');
  });

  it('gives the form its options and defaults from the settings', async () => {
    const res = await call('staff', 'GET', `${P}/formOptions`);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.types.map((r: { name: string }) => r.name)).toEqual(['门票', '联票', '夜游', '演出']);
    // the demo area's settings (src/server/seed/demo.ts)
    expect(data.defaults).toMatchObject({ realNameType: 1, printType: 1, refundRule: 2, refundFeeValue: 10 });
    for (const n of data.notices.slice(1)) expect(n.noticeType >= data.notices[0].noticeType).toBe(true);
  });
});

describe('create, query and update', () => {
  it('creates a regular product with the area defaults and reads it back', async () => {
    const id = await create(regular({ timeWindows: [{ start: '08:00', end: '12:00' }] }));
    const d = await query(id);
    expect(d).toMatchObject({
      name: '测试成人票',
      typeName: '门票',
      price: 9900,
      // from the demo area's settings
      realNameType: 1,
      printType: 1,
      refundRule: 2,
      refundDeadlineHours: 24,
      refundFeeUnit: 2,
      refundFeeValue: 10,
      shelfStatus: 2,
      sessions: [],
    });
    const [audit] = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.targetType, 'ticketProduct'), eq(auditLogs.targetId, String(id))));
    expect(audit?.action).toBe('create');
  });

  it('clears fields that do not apply to the validity type', async () => {
    const id = await create(
      regular({ validityType: 2, validDays: 3, validFrom: '2030-01-01', validTo: '2030-02-01' }),
    );
    const d = await query(id);
    expect(d).toMatchObject({ validityType: 2, validDays: 3, validFrom: null, validTo: null });
    const interval = await create(
      regular({ validityType: 3, validFrom: '2030-01-01', validTo: '2030-02-01' }),
    );
    expect(await query(interval)).toMatchObject({
      validFrom: '2030-01-01',
      validTo: '2030-02-01',
      validDays: 1,
    });
  });

  it('answers 400 naming the field for the product rules', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [regular({ name: '' }), 'name'],
      [regular({ name: 'x'.repeat(101) }), 'name'],
      [regular({ productType: 4 }), 'productType'],
      [regular({ price: 10_000_001 }), 'price'],
      [regular({ price: 1.5 }), 'price'],
      [regular({ images: Array(7).fill('/uploads/a.png') }), 'images'],
      [regular({ images: ['javascript:alert(1)'] }), 'images'],
      [regular({ validityType: 2 }), 'validDays'],
      [regular({ validityType: 2, validDays: 1 }), 'validDays'],
      [regular({ validityType: 3, validFrom: '2030-02-01', validTo: '2030-01-01' }), 'validTo'],
      [regular({ validityType: 3, validFrom: '2030-02-01' }), 'validTo'],
      [regular({ validityType: 5 }), 'timeLimitMinutes'],
      [regular({ validityType: 5, timeLimitMinutes: 1441 }), 'timeLimitMinutes'],
      [regular({ validityType: 6 }), 'validityText'],
      [regular({ validityType: 4 }), 'validityType'],
      [timed({ validityType: 1 }), 'validityType'],
      [timed({ sessions: [] }), 'sessions'],
      [
        timed({
          sessions: [
            { startTime: '09:00', endTime: '10:30' },
            { startTime: '10:00', endTime: '11:00' },
          ],
        }),
        'sessions',
      ],
      [
        timed({
          sessions: [
            { startTime: '09:00', endTime: '10:00' },
            { startTime: '09:00', endTime: '09:30' },
          ],
        }),
        'sessions',
      ],
      [timed({ sessions: [{ startTime: '9:00', endTime: '10:00' }] }), 'sessions'],
      [regular({ sessions: [{ startTime: '09:00', endTime: '10:00' }] }), 'sessions'],
      [
        regular({
          timeWindows: [
            { start: '08:00', end: '12:00' },
            { start: '11:00', end: '13:00' },
          ],
        }),
        'timeWindows',
      ],
      [regular({ entryMode: 2, entryTimes: 1 }), 'entryTimes'],
      [regular({ entryMode: 2, entryTimes: 101 }), 'entryTimes'],
      [regular({ limitPerOrder: 1000 }), 'limitPerOrder'],
      [regular({ channels: [] }), 'channels'],
      [regular({ channels: [1, 1] }), 'channels'],
      [regular({ channels: [6] }), 'channels'],
      [regular({ refundRule: 2, refundFeeUnit: 2, refundFeeValue: 101 }), 'refundFeeValue'],
      [regular({ refundDeadlineHours: 721 }), 'refundDeadlineHours'],
      [regular({ stock: 5 }), 'stock'],
    ];
    for (const [body, field] of cases) {
      const res = await call('admin', 'POST', `${P}/create`, body);
      expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
      expect(res.json().data.field.split('.')[0], res.body).toBe(field);
    }
  });

  it("refuses another area's category and templates (400 naming the field)", async () => {
    const [other] = await t.database.db
      .insert(ticketTypes)
      .values({ scenicId: area2, name: '云岭门票' })
      .returning();
    await expect400(await call('admin', 'POST', `${P}/create`, regular({ typeId: other!.id })), 'typeId');
    await expect400(await call('admin', 'POST', `${P}/create`, regular({ noticeId: 999_999 })), 'noticeId');
    await expect400(
      await call('admin', 'POST', `${P}/create`, regular({ printTemplateId: 999_999 })),
      'printTemplateId',
    );
  });

  it('replaces the sessions of a timed product, keeping those sent back', async () => {
    const id = await create(timed());
    const d = await query(id);
    expect(d.sessions.map((s: { name: string }) => s.name)).toEqual(['09:00-10:00', '10:00-11:00']);
    const [first, second] = d.sessions as { id: number }[];
    const res = await call(
      'admin',
      'POST',
      `${P}/update`,
      asUpdate(d, {
        sessions: [
          { id: second!.id, name: '上午二场', startTime: '10:00', endTime: '11:30' },
          { startTime: '14:00', endTime: '15:00' },
        ],
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const after = await query(id);
    expect(after.sessions.map((s: { id: number; name: string }) => [s.id === second!.id, s.name])).toEqual([
      [true, '上午二场'],
      [false, '14:00-15:00'],
    ]);
    const gone = await t.database.db.select().from(productSessions).where(eq(productSessions.id, first!.id));
    expect(gone).toEqual([]);
  });

  it('refuses to remove a session with sold tickets (409 naming it)', async () => {
    const id = await create(timed({ name: '已售分时票' }));
    const d = await query(id);
    const [first, second] = d.sessions as { id: number; name: string; startTime: string; endTime: string }[];
    await t.database.db.insert(priceCalendar).values({
      scenicId: area1,
      productId: id,
      sessionId: first!.id,
      date: '2030-05-01',
      price: 9900,
      stock: 100,
      sold: 3,
    });
    const res = await call(
      'admin',
      'POST',
      `${P}/update`,
      asUpdate(d, { sessions: [{ id: second!.id, startTime: '10:00', endTime: '11:00' }] }),
    );
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().data.field).toBe('sessions');
    expect(res.json().msg).toContain('09:00-10:00');
    expect((await query(id)).sessions).toHaveLength(2);
    // the product type cannot change once it has a price calendar
    const retype = await call(
      'admin',
      'POST',
      `${P}/update`,
      asUpdate(d, { productType: 1, validityType: 1, sessions: [] }),
    );
    expect(retype.statusCode, retype.body).toBe(409);
    expect(retype.json().data.field).toBe('productType');
  });

  it('keeps fields left out of an update and refuses unknown ids', async () => {
    const id = await create(regular({ realNameType: 1, refundRule: 1 }));
    const d = await query(id);
    const body = asUpdate(d, { name: '改名票' });
    delete body.realNameType;
    const res = await call('admin', 'POST', `${P}/update`, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(await query(id)).toMatchObject({ name: '改名票', realNameType: 1, refundRule: 1 });
    expect((await call('admin', 'POST', `${P}/update`, { ...body, id: 999_999 })).statusCode).toBe(404);
  });
});

describe('shelf and delete', () => {
  it('puts a complete product on shelf and takes it off', async () => {
    const id = await create(regular({ name: '上架测试票' }));
    const on = await call('admin', 'POST', `${P}/shelf`, { ids: [id], shelfStatus: 1 });
    expect(on.statusCode, on.body).toBe(200);
    expect((await query(id)).shelfStatus).toBe(1);
    const off = await call('admin', 'POST', `${P}/shelf`, { ids: [id], shelfStatus: 2 });
    expect(off.statusCode, off.body).toBe(200);
    expect((await query(id)).shelfStatus).toBe(2);
  });

  it('refuses to shelve an incomplete product (409 naming what is missing)', async () => {
    const [type] = await t.database.db
      .insert(ticketTypes)
      .values({ scenicId: area1, name: '停用分类', status: 2 })
      .returning();
    const id = await create(regular({ name: '停用分类票', typeId: type!.id }));
    const res = await call('admin', 'POST', `${P}/shelf`, { ids: [id], shelfStatus: 1 });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().data.field).toBe('typeId');
    expect(res.json().msg).toContain('停用分类票');
    // creating it on shelf is refused the same way, and nothing is written
    const direct = await call(
      'admin',
      'POST',
      `${P}/create`,
      regular({ name: '直接上架', typeId: type!.id, shelfStatus: 1 }),
    );
    expect(direct.statusCode).toBe(409);
    const written = await t.database.db
      .select()
      .from(ticketProducts)
      .where(eq(ticketProducts.name, '直接上架'));
    expect(written).toEqual([]);

    const timedId = await create(timed({ name: '无场次分时票' }));
    await t.database.db.delete(productSessions).where(eq(productSessions.productId, timedId));
    const noSession = await call('admin', 'POST', `${P}/shelf`, { ids: [timedId], shelfStatus: 1 });
    expect(noSession.statusCode).toBe(409);
    expect(noSession.json().data.field).toBe('sessions');
  });

  it('deletes a product with its unsold calendar, but not one with sales or shows', async () => {
    const free = await create(regular({ name: '可删除票' }));
    await t.database.db
      .insert(priceCalendar)
      .values({ scenicId: area1, productId: free, date: '2030-05-01', price: 100, stock: 10 });
    const ok = await call('admin', 'GET', `${P}/delete?id=${free}`);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await t.database.db.select().from(priceCalendar).where(eq(priceCalendar.productId, free))).toEqual(
      [],
    );

    const sold = await create(regular({ name: '已售票' }));
    await t.database.db
      .insert(priceCalendar)
      .values({ scenicId: area1, productId: sold, date: '2030-05-01', price: 100, stock: 10, sold: 1 });
    const soldRes = await call('admin', 'GET', `${P}/delete?id=${sold}`);
    expect(soldRes.statusCode).toBe(409);
    expect(soldRes.json().msg).toContain('已售票');

    const show = await create(regular({ name: '演出测试', productType: 3 }));
    const [theatre] = await t.database.db
      .insert(theatres)
      .values({ scenicId: area1, name: '测试剧场', rows: 2, cols: 2 })
      .returning();
    await t.database.db.insert(theatreShows).values({
      scenicId: area1,
      theatreId: theatre!.id,
      productId: show,
      showDate: '2030-05-01',
      startTime: '19:00',
      endTime: '20:00',
    });
    const showRes = await call('admin', 'GET', `${P}/delete?id=${show}`);
    expect(showRes.statusCode).toBe(409);
    expect(showRes.json().msg).toContain('1');
  });
});

describe('access', () => {
  it('refuses callers without the permission (403)', async () => {
    expect((await call('staff', 'POST', `${P}/create`, regular())).statusCode).toBe(403);
    expect((await call('staff', 'POST', `${P}/update`, { id: 1 })).statusCode).toBe(403);
    expect((await call('staff', 'POST', `${P}/shelf`, { ids: [1], shelfStatus: 2 })).statusCode).toBe(403);
    expect((await call('staff', 'GET', `${P}/delete?id=1`)).statusCode).toBe(403);
  });

  it("keeps another area's products invisible", async () => {
    const id = await create(regular({ name: '青山专属票' }));
    const d = await query(id);
    const page = await call('yunling', 'POST', `${P}/page`, { name: '青山专属' });
    expect(page.json().data.total).toBe(0);
    expect((await call('yunling', 'GET', `${P}/query?id=${id}`)).statusCode).toBe(404);
    expect((await call('yunling', 'POST', `${P}/update`, asUpdate(d))).statusCode).toBe(404);
    expect((await call('yunling', 'POST', `${P}/shelf`, { ids: [id], shelfStatus: 1 })).statusCode).toBe(404);
    expect((await call('yunling', 'GET', `${P}/delete?id=${id}`)).statusCode).toBe(404);
    // area 2 has no categories of its own yet except the one made above; it cannot use area 1's
    const create2 = await call('yunling', 'POST', `${P}/create`, regular());
    await expect400(create2, 'typeId');
  });
});
