import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  machineApi,
  machineCarouselApi,
  windowApi,
  type CarouselRow,
  type MachineRow,
  type SalesTerminalOptions,
  type WindowRow,
} from '../../../shared/api/sales-terminals.ts';
import { terminalApi, terminalDeviceApi } from '../../../shared/api/terminals.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { createTestApp, xlsxText, type TestApp } from '../../test/harness.ts';
import { activateDevice, secretGrant, type ActivatedDevice } from '../../test/credentials.ts';
import { admins } from '../accounts/index.ts';
import { ticketProducts } from '../products/index.ts';
import { scenicAreas } from '../scenic/index.ts';
import { terminals } from '../terminals/index.ts';
import { machineProfile } from './sales-terminals.service.ts';

let t: TestApp;
let db: Db;
const tok: Record<string, string> = {};
let ylgz: number;
let qsh: number;
/** the other area's window, machine, product and staff account */
const theirs = { window: 0, machine: 0, product: 0, staff: 0 };

const call = (who: string, method: 'GET' | 'POST', url: string, body?: unknown) =>
  t.call(tok[who]!, method, url, body);
const data = <T>(res: { json: <J>() => J }) => res.json<{ data: T }>().data;
const page = async <R>(who: string, url: string, body: unknown = {}) => {
  const res = await call(who, 'POST', url, body);
  expect(res.statusCode, res.body).toBe(200);
  return data<{ rows: R[]; total: number }>(res).rows;
};
const terminalId = async (serialNo: string, scenicId = qsh) =>
  (
    await db
      .select({ id: terminals.id })
      .from(terminals)
      .where(and(eq(terminals.serialNo, serialNo), eq(terminals.scenicId, scenicId)))
  )[0]!.id;

/** Registers and activates a terminal of this kind in the first area: its id, token and headers. */
async function device(kind: string, serialNo: string) {
  const res = await call('admin', 'POST', terminalApi.create, { kind, name: `T ${serialNo}`, serialNo });
  expect(res.statusCode, res.body).toBe(200);
  const { id, activationCode } = data<{ id: number; activationCode: string }>(res);
  const act = await activateDevice(t, activationCode);
  const done = act.json<{ data: ActivatedDevice }>().data;
  const tokenRes = await secretGrant(t, done.clientId, done.clientSecret);
  const token = tokenRes.json<{ access_token: string }>().access_token;
  const config = (etag?: string) =>
    t.call(token, 'GET', terminalDeviceApi.config, undefined, {
      'x-scenic-id': String(done.scenicId),
      ...(etag ? { 'if-none-match': etag } : {}),
    });
  const headers = { 'x-scenic-id': String(done.scenicId) };
  return { id, config, token, headers };
}

beforeAll(async () => {
  t = await createTestApp({ loginRateLimit: 1000 });
  db = t.database.db;
  await t.grant('yunling', [
    'admin:window:page',
    'admin:window:update',
    'admin:autoSell:page',
    'admin:autoSell:update',
  ]);
  await t.grant('staff', ['admin:window:page', 'admin:autoSell:page']);
  for (const name of ['admin', 'staff', 'yunling', 'shop']) tok[name] = (await t.login(name)).access_token;
  const areas = await db.select().from(scenicAreas);
  ylgz = areas.find((a) => a.code === 'YLGZ')!.id;
  qsh = areas.find((a) => a.code === 'QSH')!.id;
  theirs.window = await terminalId('YL-WIN-001', ylgz);
  theirs.machine = await terminalId('YL-SELF-001', ylgz);
  theirs.product = (await db.select().from(ticketProducts).where(eq(ticketProducts.scenicId, ylgz)))[0]!.id;
  theirs.staff = (await db.select().from(admins).where(eq(admins.username, 'yunling')))[0]!.id;
});
afterAll(() => t.close());

describe('ticket windows (/terminal/windManage)', () => {
  it('lists the area’s windows with their demo profiles, filtered and sorted; not another area’s', async () => {
    const rows = await page<WindowRow>('staff', windowApi.page, { sort: 'serialNo', order: 'asc' });
    expect(rows.map((r) => r.serialNo)).toEqual(['WIN-001', 'WIN-002', 'WIN-003']);
    const first = rows[0]!;
    expect(first).toMatchObject({ windowNo: '01', configured: 1, paper: 'receipt80', printerState: 'ok' });
    expect(first.products.length).toBeGreaterThan(3);
    expect(first.operators.map((o) => o.username)).toContain('staff');
    expect(first.payWays).toEqual([1, 2, 3, 9, 11, 50, 99]);
    const someProduct = rows[1]!.products[0]!.id;
    const lastOnly = first.products.at(-1)!.id;
    expect(
      (await page<WindowRow>('staff', windowApi.page, { productId: lastOnly })).map((r) => r.serialNo),
    ).toEqual(['WIN-001']);
    expect((await page<WindowRow>('staff', windowApi.page, { productId: someProduct })).length).toBe(3);
    expect((await page<WindowRow>('staff', windowApi.page, { online: 0 })).map((r) => r.serialNo)).toEqual([
      'WIN-003',
    ]);
    expect((await page<WindowRow>('staff', windowApi.page, { name: '北门' })).map((r) => r.serialNo)).toEqual(
      ['WIN-003'],
    );
    const theirRows = await page<WindowRow>('yunling', windowApi.page);
    expect(theirRows.map((r) => r.serialNo)).toEqual(['YL-WIN-001']);
    expect(theirRows[0]!.operators.map((o) => o.username)).toEqual(['yunling']);
  });

  it('refuses bad filters (400 naming the field) and callers without the permission (403)', async () => {
    const bad = await call('staff', 'POST', windowApi.page, { online: 5 });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('online');
    expect((await call('shop', 'POST', windowApi.page, {})).statusCode).toBe(403);
    expect((await call('shop', 'POST', windowApi.export, {})).statusCode).toBe(403);
    expect((await call('shop', 'GET', windowApi.options)).statusCode).toBe(403);
    const id = await terminalId('WIN-002');
    expect((await call('staff', 'POST', windowApi.update, { id, windowNo: '9' })).statusCode).toBe(403);
  });

  it('queries one window; another area’s or another kind’s is 404', async () => {
    const id = await terminalId('WIN-002');
    const res = await call('staff', 'GET', `${windowApi.query}?id=${id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(data<WindowRow>(res).windowNo).toBe('02');
    expect((await call('staff', 'GET', `${windowApi.query}?id=${theirs.window}`)).statusCode).toBe(404);
    expect(
      (await call('staff', 'GET', `${windowApi.query}?id=${await terminalId('SELF-001')}`)).statusCode,
    ).toBe(404);
    expect((await call('staff', 'GET', `${machineApi.query}?id=${id}`)).statusCode).toBe(404);
  });

  it('offers the area’s products and staff accounts only', async () => {
    const opts = data<SalesTerminalOptions>(await call('staff', 'GET', windowApi.options));
    expect(opts.operators.map((o) => o.username)).toContain('staff');
    expect(opts.operators.map((o) => o.username)).not.toContain('yunling');
    expect(opts.operators.map((o) => o.username)).not.toContain('agent');
    expect(opts.products.map((p) => p.id)).not.toContain(theirs.product);
    expect(data<SalesTerminalOptions>(await call('staff', 'GET', machineApi.options)).operators).toEqual([]);
  });

  it('edits a profile (only the fields sent), audited; refuses another area’s ids naming the field', async () => {
    const id = await terminalId('WIN-003');
    const opts = data<SalesTerminalOptions>(await call('admin', 'GET', windowApi.options));
    const staffId = opts.operators.find((o) => o.username === 'staff')!.id;
    const res = await call('admin', 'POST', windowApi.update, {
      id,
      windowNo: '07',
      productIds: [opts.products[1]!.id],
      operatorIds: [staffId],
      payWays: [1, 99],
      paper: 'wristband29',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(data<WindowRow>(res)).toMatchObject({
      windowNo: '07',
      products: [{ id: opts.products[1]!.id }],
      operators: [{ username: 'staff' }],
      payWays: [1, 99],
      paper: 'wristband29',
    });
    const partial = data<WindowRow>(
      await call('admin', 'POST', windowApi.update, { id, printerModel: 'XP-80' }),
    );
    expect(partial).toMatchObject({ windowNo: '07', printerModel: 'XP-80', paper: 'wristband29' });
    const [audit] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from audit_logs where action = 'windowProfile' and target_id = ${String(id)}`,
    );
    expect(audit!.n).toBe(2);

    const refused = async (body: object, field: string, status = 400) => {
      const r = await call('admin', 'POST', windowApi.update, { id, ...body });
      expect(r.statusCode, r.body).toBe(status);
      expect(r.body).toContain(field);
    };
    await refused({ productIds: [theirs.product] }, 'productIds');
    await refused({ operatorIds: [theirs.staff] }, 'operatorIds');
    await refused({ payWays: [5] }, 'payWays');
    await refused({ productIds: [1, 1] }, 'productIds');
    await refused({ paper: 'a4' }, 'paper');
    await refused({ windowNo: 'x'.repeat(21) }, 'windowNo');
    expect(data<WindowRow>(await call('admin', 'GET', `${windowApi.query}?id=${id}`)).windowNo).toBe('07');
    const other = await call('admin', 'POST', windowApi.update, { id: theirs.window, windowNo: '1' });
    expect(other.statusCode).toBe(404);
    const machine = await call('admin', 'POST', windowApi.update, {
      id: await terminalId('SELF-001'),
      windowNo: '1',
    });
    expect(machine.statusCode).toBe(404);
  });

  it('exports the filtered windows', async () => {
    const res = await call('staff', 'POST', windowApi.export, { name: '南门' });
    expect(res.statusCode, res.body).toBe(200);
    const text = xlsxText(res.rawPayload);
    expect(text).toContain('WIN-001');
    expect(text).toContain('现金');
    expect(text).not.toContain('WIN-003');
    expect(text).not.toContain('YL-WIN-001');
  });
});

describe('self-service machines (/terminal/autoSellTerMange)', () => {
  it('lists machines with paper alert and carousel size; filters by printer state', async () => {
    const rows = await page<MachineRow>('staff', machineApi.page, { sort: 'paperLevel', order: 'asc' });
    expect(rows.map((r) => r.serialNo)).toEqual(['SELF-001', 'SELF-002']);
    expect(rows[0]).toMatchObject({
      printerState: 'paperLow',
      paperLevel: 8,
      printerAlert: 'paperLow',
      carouselCount: 4,
    });
    expect(rows[1]).toMatchObject({ printerAlert: null, carouselCount: 3, payWays: [2, 3, 11, 50] });
    // a printer saying ok at a level under the threshold counts as paper low
    await db
      .update(terminals)
      .set({ printerState: 'ok', paperLevel: 15 })
      .where(eq(terminals.id, rows[1]!.id));
    const low = await page<MachineRow>('staff', machineApi.page, { printerState: 'paperLow' });
    expect(low.map((r) => r.serialNo).sort()).toEqual(['SELF-001', 'SELF-002']);
    expect(low.find((r) => r.serialNo === 'SELF-002')!.printerAlert).toBe('paperLow');
    expect(await page<MachineRow>('staff', machineApi.page, { printerState: 'ok' })).toEqual([]);
    await db.update(terminals).set({ paperLevel: 64 }).where(eq(terminals.id, rows[1]!.id));
    expect((await page<MachineRow>('yunling', machineApi.page)).map((r) => r.serialNo)).toEqual([
      'YL-SELF-001',
    ]);
    const bad = await call('staff', 'POST', machineApi.page, { printerState: 'jammed' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('printerState');
    expect((await call('shop', 'POST', machineApi.page, {})).statusCode).toBe(403);
  });

  it('edits a machine profile: machine pay ways only, the area’s products; 403 and 404', async () => {
    const id = await terminalId('SELF-002');
    const res = await call('admin', 'POST', machineApi.update, { id, payWays: [2, 50], paper: 'receipt58' });
    expect(res.statusCode, res.body).toBe(200);
    expect(data<MachineRow>(res)).toMatchObject({ payWays: [2, 50], paper: 'receipt58' });
    const cash = await call('admin', 'POST', machineApi.update, { id, payWays: [1] });
    expect(cash.statusCode).toBe(400);
    expect(cash.body).toContain('payWays');
    const product = await call('admin', 'POST', machineApi.update, { id, productIds: [theirs.product] });
    expect(product.statusCode).toBe(400);
    expect(product.body).toContain('productIds');
    expect((await call('admin', 'POST', machineApi.update, { id, operatorIds: [] })).body).toContain(
      'operatorIds',
    );
    expect((await call('staff', 'POST', machineApi.update, { id, paper: null })).statusCode).toBe(403);
    expect(
      (await call('admin', 'POST', machineApi.update, { id: theirs.machine, paper: null })).statusCode,
    ).toBe(404);
  });

  it('exports the machines', async () => {
    const res = await call('staff', 'POST', machineApi.export, {});
    expect(res.statusCode, res.body).toBe(200);
    const text = xlsxText(res.rawPayload);
    expect(text).toContain('SELF-001');
    expect(text).toContain('纸张不足');
    expect(text).not.toContain('YL-SELF-001');
  });
});

describe('machine carousel (/terminal/autoSellTicketMange)', () => {
  it('lists a machine’s own and the area-wide items; another area’s machine lists nothing', async () => {
    const id = await terminalId('SELF-001');
    const rows = await page<CarouselRow>('staff', machineCarouselApi.page, { machineId: id });
    expect(rows.map((r) => r.sort)).toEqual([10, 20, 30, 40]);
    expect(rows.filter((r) => r.machineId == null).length).toBe(3);
    expect(rows.at(-1)).toMatchObject({ machineId: id, showing: false });
    expect(await page<CarouselRow>('staff', machineCarouselApi.page, { machineId: id, own: 1 })).toHaveLength(
      1,
    );
    expect(await page<CarouselRow>('staff', machineCarouselApi.page, { machineId: theirs.machine })).toEqual(
      [],
    );
    const bad = await call('staff', 'POST', machineCarouselApi.page, {});
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('machineId');
    expect((await call('shop', 'POST', machineCarouselApi.page, { machineId: id })).statusCode).toBe(403);
    const exported = await call('staff', 'POST', machineCarouselApi.export, { machineId: id });
    expect(exported.statusCode, exported.body).toBe(200);
    expect(xlsxText(exported.rawPayload)).toContain('本景区全部自助机');
  });

  it('adds, edits, reorders and deletes items; refuses bad input naming the field', async () => {
    const id = await terminalId('SELF-002');
    const created = await call('admin', 'POST', machineCarouselApi.create, {
      machineId: id,
      title: '新图',
      image: '/uploads/demo/picture-2.png',
    });
    expect(created.statusCode, created.body).toBe(200);
    const item = data<CarouselRow>(created);
    expect(item).toMatchObject({ machineId: id, showing: true, sort: 0 });
    const refused = async (url: string, body: object, field: string) => {
      const r = await call('admin', 'POST', url, body);
      expect(r.statusCode, r.body).toBe(400);
      expect(r.body).toContain(field);
    };
    await refused(
      machineCarouselApi.create,
      { machineId: theirs.machine, image: '/uploads/x.png' },
      'machineId',
    );
    await refused(
      machineCarouselApi.create,
      { machineId: await terminalId('WIN-001'), image: '/uploads/x.png' },
      'machineId',
    );
    await refused(machineCarouselApi.create, { machineId: null, image: '' }, 'image');
    await refused(machineCarouselApi.create, { machineId: null, image: 'javascript:alert(1)' }, 'image');
    await refused(
      machineCarouselApi.create,
      {
        machineId: null,
        image: '/uploads/x.png',
        startTime: '2026-05-02T00:00:00Z',
        endTime: '2026-05-01T00:00:00Z',
      },
      'endTime',
    );
    await refused(
      machineCarouselApi.update,
      { id: item.id, endTime: '2000-01-01T00:00:00Z', startTime: '2001-01-01T00:00:00Z' },
      'endTime',
    );
    const upd = await call('admin', 'POST', machineCarouselApi.update, {
      id: item.id,
      endTime: '2000-01-01T00:00:00Z',
    });
    expect(upd.statusCode, upd.body).toBe(200);
    expect(data<CarouselRow>(upd).showing).toBe(false);
    expect(
      (await call('staff', 'POST', machineCarouselApi.create, { machineId: id, image: '/uploads/x.png' }))
        .statusCode,
    ).toBe(403);

    const all = await page<CarouselRow>('admin', machineCarouselApi.page, { machineId: id });
    const reversed = all.map((r) => r.id).reverse();
    const re = await call('admin', 'POST', machineCarouselApi.reorder, { machineId: id, ids: reversed });
    expect(re.statusCode, re.body).toBe(200);
    expect(
      (await page<CarouselRow>('admin', machineCarouselApi.page, { machineId: id })).map((r) => r.id),
    ).toEqual(reversed);
    const [reorder] = await queryRows<{ module: string; target_type: string; after: { id: number }[] }>(
      db,
      sql`select module, target_type, after from audit_logs where action = 'carouselReorder' and target_id = ${String(id)}`,
    );
    expect([reorder!.module, reorder!.target_type, reorder!.after.map((i) => i.id)]).toEqual([
      'terminals',
      'terminal',
      reversed,
    ]);
    await refused(machineCarouselApi.reorder, { machineId: id, ids: reversed.slice(1) }, 'ids');
    expect(
      (await call('admin', 'POST', machineCarouselApi.reorder, { machineId: theirs.machine, ids: [1] }))
        .statusCode,
    ).toBe(404);

    // another area's item is not ours to change
    const [their] = await queryRows<{ id: number }>(
      db,
      sql`select id from sales_machine_carousels where scenic_id = ${ylgz} limit 1`,
    );
    expect(
      (await call('admin', 'POST', machineCarouselApi.update, { id: their!.id, title: 'x' })).statusCode,
    ).toBe(404);
    expect((await call('admin', 'GET', `${machineCarouselApi.delete}?id=${their!.id}`)).statusCode).toBe(404);
    expect((await call('staff', 'GET', `${machineCarouselApi.delete}?id=${item.id}`)).statusCode).toBe(403);
    expect((await call('admin', 'GET', `${machineCarouselApi.delete}?id=${item.id}`)).statusCode).toBe(200);
    const [audits] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from audit_logs where target_id = ${`carousel-${item.id}`} and action in ('carouselCreate', 'carouselUpdate', 'carouselDelete')`,
    );
    expect(audits!.n).toBe(3);
  });
});

describe('device configuration', () => {
  it('a window gets its products, pay ways, printer and operators; an edit changes the ETag', async () => {
    const d = await device('winManagement', 'CFG-WIN-1');
    const first = await d.config();
    expect(first.statusCode, first.body).toBe(200);
    expect(data<{ profile: Record<string, unknown> }>(first).profile).toMatchObject({
      configured: false,
      products: [],
    });
    const etag = first.headers.etag as string;
    expect((await d.config(etag)).statusCode).toBe(304);
    const opts = data<SalesTerminalOptions>(await call('admin', 'GET', windowApi.options));
    const product = opts.products.find((p) => p.onShelf)!;
    const staffId = opts.operators.find((o) => o.username === 'staff')!.id;
    await call('admin', 'POST', windowApi.update, {
      id: d.id,
      windowNo: '05',
      productIds: [product.id],
      operatorIds: [staffId],
      payWays: [1, 2],
      printerModel: 'TM-T82',
      paper: 'receipt58',
    });
    const changed = await d.config(etag);
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(data<{ profile: Record<string, unknown> }>(changed).profile).toEqual({
      configured: true,
      windowNo: '05',
      products: [{ id: product.id, name: product.name, price: product.price }],
      payWays: [1, 2],
      printer: { model: 'TM-T82', paper: 'receipt58' },
      operators: ['staff'],
    });
    // saving the same values again keeps the ETag
    const etag2 = changed.headers.etag as string;
    await call('admin', 'POST', windowApi.update, { id: d.id, windowNo: '05' });
    expect((await d.config(etag2)).statusCode).toBe(304);
  });

  it('a machine gets the carousel items within their window; a carousel edit changes the ETag', async () => {
    const d = await device('selfManagement', 'CFG-SELF-1');
    const first = await d.config();
    const profile = data<{ profile: { carousel: { title: string; order: number }[] } }>(first).profile;
    // the demo's three area-wide items; the first machine's coming campaign is not this one's
    expect(profile.carousel.map((c) => c.title).sort()).toEqual(
      ['夜游季', '扫码购票更便捷', '欢迎光临'].sort(),
    );
    expect(profile.carousel.map((c) => c.order)).toEqual([1, 2, 3]);
    const etag = first.headers.etag as string;
    const soon = new Date(Date.now() + 3600_000).toISOString();
    const created = await call('admin', 'POST', machineCarouselApi.create, {
      machineId: d.id,
      title: '即将开始',
      image: '/uploads/demo/picture-1.png',
      startTime: soon,
    });
    expect(created.statusCode, created.body).toBe(200);
    // not yet in its window: the config is unchanged
    expect((await d.config(etag)).statusCode).toBe(304);
    const item = data<CarouselRow>(created);
    await call('admin', 'POST', machineCarouselApi.update, { id: item.id, startTime: null, sort: 1 });
    const changed = await d.config(etag);
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    const shown = data<{ profile: { carousel: { title: string }[] } }>(changed).profile.carousel;
    expect(shown[0]!.title).toBe('即将开始');
  });

  it('the carousel follows the clock: an item shows from its start until its end', async () => {
    const [machine] = await db.select().from(terminals).where(eq(terminals.serialNo, 'SELF-001'));
    const titles = async (now: Date) =>
      ((await machineProfile(db, machine!, now)).carousel as { title: string }[]).map((c) => c.title);
    const [coming] = await queryRows<{ start_at: Date; end_at: Date }>(
      db,
      sql`select start_at, end_at from sales_machine_carousels where title = '下月活动预告' and scenic_id = ${qsh}`,
    );
    const start = new Date(coming!.start_at);
    const end = new Date(coming!.end_at);
    expect(await titles(new Date(start.getTime() - 1))).not.toContain('下月活动预告');
    expect(await titles(start)).toContain('下月活动预告');
    expect(await titles(new Date(end.getTime() - 1))).toContain('下月活动预告');
    expect(await titles(end)).not.toContain('下月活动预告');
  });
});

describe('selling with the window’s own client', () => {
  it('offers and sells only the products of its profile; before a profile, the whole range', async () => {
    const win = await device('winManagement', 'SELL-ONLY-WIN');
    const date = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    type Offer = { periodId: number | null; left: number };
    type Sellable = { productId: number; productType: number; realNameType: number; offers: Offer[] };
    const offered = async () => {
      const res = await t.call(win.token, 'POST', '/api/open/products', { date }, win.headers);
      expect(res.statusCode, res.body).toBe(200);
      return data<Sellable[]>(res).filter(
        (p) => p.productType === 1 && p.realNameType !== 1 && p.offers.some((o) => o.left > 0),
      );
    };
    const all = await offered();
    expect(all.length).toBeGreaterThanOrEqual(2);
    const [sold, other] = all as [Sellable, Sellable];
    const saved = await call('admin', 'POST', windowApi.update, { id: win.id, productIds: [sold.productId] });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await offered()).map((p) => p.productId)).toEqual([sold.productId]);

    const line = (p: Sellable) => {
      const offer = p.offers.find((o) => o.left > 0)!;
      return {
        productId: p.productId,
        date,
        quantity: 1,
        ...(offer.periodId ? { periodId: offer.periodId } : {}),
      };
    };
    const place = (p: Sellable, key: string) =>
      t.call(
        win.token,
        'POST',
        '/api/open/order/create',
        { buyer: { name: '窗口游客' }, lines: [line(p)], payNow: { payWay: 1 } },
        { ...win.headers, 'idempotency-key': key },
      );
    const refused = await place(other, 'sell-only-other');
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ data: { field: string } }>().data.field).toBe('lines.0.productId');
    const placed = await place(sold, 'sell-only-sold');
    expect(placed.statusCode, placed.body).toBe(200);
  });
});
