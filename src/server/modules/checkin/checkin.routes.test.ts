import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TIME_ZONE, areaInstant } from '../../lib/area-clock.ts';
import { createTestApp, xlsxText, type TestApp } from '../../test/harness.ts';
import { gates } from '../gates/gates.table.ts';
import { orderTickets, ticketOrders } from '../orders/orders.table.ts';
import { scenicAreas } from '../scenic/scenic.table.ts';
import { expireTickets } from '../orders/orders.service.ts';
import { checkIn } from './checkin.service.ts';
import { createTestProduct, createTestTicket, forceTicketStatus } from './checkin.fixture.ts';

const B = '/web/api/admin/gardenLog';
let t: TestApp;
const tok: Record<string, string> = {};
let gateToken: string;
let otaToken: string;
let qsh: number;
let ylgz: number;
const gate: Record<string, number> = {};
let product: number;
const DAY = '2030-06-01';
/** A wall-clock time of DAY in the demo area (its zone is the default, Asia/Shanghai). */
const at = (time: string) => areaInstant(DAY, time, DEFAULT_TIME_ZONE);
const nonce = () => crypto.randomBytes(8).toString('hex');

const gateCall = (url: string, body: unknown, token = gateToken, area = qsh) =>
  t.call(token, 'POST', url, body, { 'x-scenic-id': String(area) });

const scanBody = (value: string, extra: Record<string, unknown> = {}) => ({
  gateId: gate['S-IN-01'],
  deviceId: 'gate-s-in-01',
  nonce: nonce(),
  readMode: 1,
  value,
  scannedAt: at('10:00').toISOString(),
  ...extra,
});

const ticket = (extra: Record<string, unknown> = {}) =>
  createTestTicket(t.database.db, { scenicId: qsh, productId: product, visitDate: DAY, ...extra });

beforeAll(async () => {
  t = await createTestApp({ loginRateLimit: 1000 });
  const db = t.database.db;
  const areas = await db.select().from(scenicAreas);
  qsh = areas.find((a) => a.code === 'QSH')!.id;
  ylgz = areas.find((a) => a.code === 'YLGZ')!.id;
  for (const g of await db.select().from(gates).where(eq(gates.scenicId, qsh))) gate[g.code] = g.id;
  await t.grant('yunling', ['admin:gardenLog:page']);
  for (const name of ['admin', 'staff', 'yunling']) tok[name] = (await t.login(name)).access_token;
  // a registered handheld of the area scans at any of its gates
  gateToken = (await t.deviceToken(qsh, 'handManagement')).token;
  otaToken = await t.clientToken('ctripManagement');
  product = (await createTestProduct(db, qsh, { entryMode: 1 })).id;
});
afterAll(() => t.close());

describe('POST /api/gate/scan', () => {
  it('lets a ticket in and answers the first answer for a retried nonce', async () => {
    const tk = await ticket({ visitorName: '李四' });
    const body = scanBody(tk.code!);
    const res = await gateCall('/api/gate/scan', body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ allowed: true, message: { zh: '通过', en: 'Passed' } });
    const again = await gateCall('/api/gate/scan', body);
    expect(again.json().data).toMatchObject({ allowed: true, duplicate: true });
    const denied = await gateCall('/api/gate/scan', scanBody(tk.code!));
    expect(denied.json().data).toMatchObject({ allowed: false, reason: 'alreadyInside' });
  });

  it('refuses bad input naming the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ readMode: 9 }, 'readMode'],
      [{ nonce: '' }, 'nonce'],
      [{ scannedAt: 'yesterday' }, 'scannedAt'],
      [{ gateId: 'x' }, 'gateId'],
      [{ extra: 1 }, 'extra'],
    ];
    for (const [patch, field] of cases) {
      const res = await gateCall('/api/gate/scan', scanBody('abc', patch));
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().data.field).toBe(field);
    }
  });

  it("refuses another area's gate (400 gateId) and an area the ticket is not of", async () => {
    const [yl] = await t.database.db
      .insert(gates)
      .values({ scenicId: ylgz, code: 'YL-IN', name: '古镇入口', gateType: 10 })
      .returning();
    const res = await gateCall('/api/gate/scan', scanBody('abc', { gateId: yl!.id }));
    expect(res.statusCode).toBe(400);
    expect(res.json().data.field).toBe('gateId');
    // X-Scenic-Id never moves a device out of its own area
    const tk = await ticket();
    const other = await gateCall('/api/gate/scan', scanBody(tk.code!, { gateId: yl!.id }), gateToken, ylgz);
    expect(other.statusCode).toBe(403);
    expect(other.json().msg).toBe('该客户端属于其他景区，不能操作本景区');
    // an area-2 device does not admit an area-1 ticket at an area-1 gate, whatever header it sends
    const ylHandheld = (await t.deviceToken(ylgz, 'handManagement')).token;
    expect((await gateCall('/api/gate/scan', scanBody(tk.code!), ylHandheld, qsh)).statusCode).toBe(403);
    const own = await gateCall('/api/gate/scan', scanBody(tk.code!), ylHandheld, ylgz);
    expect(own.statusCode).toBe(400);
    expect(own.json().data.field).toBe('gateId');
    const [row] = await t.database.db.select().from(orderTickets).where(eq(orderTickets.id, tk.id));
    expect(row!.status).toBe(tk.status);
  });

  it('needs a registered gate device or handheld of the area: 401 without a token, 403 for anyone else', async () => {
    expect((await t.call(null, 'POST', '/api/gate/scan', scanBody('abc'))).statusCode).toBe(401);
    expect((await gateCall('/api/gate/scan', scanBody('abc'), tok.admin)).statusCode).toBe(403);
    expect((await gateCall('/api/gate/scan', scanBody('abc'), otaToken)).statusCode).toBe(403);
    const camera = (await t.deviceToken(qsh, 'camera')).token;
    const face = (await t.deviceToken(qsh, 'faceDevice', { gateId: gate['S-IN-01'] })).token;
    const window = (await t.deviceToken(qsh, 'winManagement')).token;
    for (const token of [camera, face, window, await t.clientToken('gateTerminal')]) {
      const res = await gateCall('/api/gate/scan', scanBody('abc'), token);
      expect(res.statusCode, res.body).toBe(403);
      expect((await gateCall('/api/gate/upload', { scans: [scanBody('abc')] }, token)).statusCode).toBe(403);
    }
    // the platform's handheld client is not a registered device
    const platform = await gateCall('/api/gate/scan', scanBody('abc'), await t.clientToken('handManagement'));
    expect(platform.statusCode).toBe(403);
  });

  it('lets a gate device scan only at the gate it is mounted on', async () => {
    const device = (await t.deviceToken(qsh, 'gateDevice', { gateId: gate['S-IN-01'] })).token;
    const tk = await ticket();
    const elsewhere = await gateCall(
      '/api/gate/scan',
      scanBody(tk.code!, { gateId: gate['S-OUT-01'] }),
      device,
    );
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.json().msg).toBe('闸机设备只能在其所安装的闸机上刷票');
    const upload = await gateCall(
      '/api/gate/upload',
      { scans: [scanBody(tk.code!), scanBody(tk.code!, { gateId: gate['S-OUT-01'] })] },
      device,
    );
    expect(upload.statusCode).toBe(403);
    const here = await gateCall('/api/gate/scan', scanBody(tk.code!), device);
    expect(here.json().data).toMatchObject({ allowed: true });
  });

  it('keeps nonces per device: another device, even of another area, using a nonce first changes nothing', async () => {
    const tk = await ticket();
    const body = scanBody(tk.code!);
    const ylHandheld = (await t.deviceToken(ylgz, 'handManagement')).token;
    const [ylGate] = await t.database.db
      .insert(gates)
      .values({ scenicId: ylgz, code: 'YL-NONCE', name: '古镇入口', gateType: 10 })
      .returning();
    // the other area's device names our device id and nonce: its own scan, at its own gate
    const theirs = await gateCall(
      '/api/gate/scan',
      { ...body, gateId: ylGate!.id, value: 'x' },
      ylHandheld,
      ylgz,
    );
    expect(theirs.json().data).toMatchObject({ allowed: false, duplicate: false });
    const res = await gateCall('/api/gate/scan', body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ allowed: true });
  });
});

describe('POST /api/gate/upload', () => {
  it('records offline scans as facts in scan-time order', async () => {
    const tk = await ticket();
    const res = await gateCall('/api/gate/upload', {
      scans: [
        scanBody(tk.code!, { gateId: gate['S-OUT-01'], scannedAt: at('12:00').toISOString() }),
        scanBody(tk.code!, { scannedAt: at('09:00').toISOString() }),
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const [exit, entry] = res.json().data;
    expect(entry).toMatchObject({
      allowed: true,
      applied: true,
      event: { direction: 'entry', offline: true },
    });
    expect(exit).toMatchObject({ allowed: true, applied: true, event: { direction: 'exit' } });
    const [row] = await t.database.db.select().from(orderTickets).where(eq(orderTickets.id, tk.id));
    expect(row!.status).toBe(403);
  });

  it('refuses an empty batch naming scans', async () => {
    const res = await gateCall('/api/gate/upload', { scans: [] });
    expect(res.statusCode).toBe(400);
    expect(res.json().data.field).toBe('scans');
  });
});

describe('gardenLog', () => {
  let tk: Awaited<ReturnType<typeof ticket>>;
  beforeAll(async () => {
    tk = await ticket({ visitorName: '赵六', visitorIdNumber: '330102199001010011' });
    const base = { scenicId: qsh, deviceId: 'log-dev', readMode: 1, value: tk.code! };
    await checkIn(t.database.db, {
      ...base,
      gateId: gate['S-IN-01']!,
      nonce: nonce(),
      scannedAt: at('10:00'),
    });
    await checkIn(t.database.db, {
      ...base,
      gateId: gate['S-IN-01']!,
      nonce: nonce(),
      scannedAt: at('10:05'),
    });
    await checkIn(t.database.db, {
      ...base,
      gateId: gate['S-OUT-01']!,
      nonce: nonce(),
      scannedAt: at('11:00'),
    });
  });

  const page = (body: Record<string, unknown>, who = 'admin') => t.call(tok[who]!, 'POST', `${B}/page`, body);

  it('lists and filters the log', async () => {
    const res = await page({ orderNo: tk.orderNo, sort: 'scannedAt', order: 'asc' });
    expect(res.statusCode, res.body).toBe(200);
    const { rows, total } = res.json().data;
    expect(total).toBe(3);
    expect(rows.map((r: { direction: string }) => r.direction)).toEqual(['entry', 'denied', 'exit']);
    expect(rows[0]).toMatchObject({
      gateName: '南门入口',
      visitorName: '赵六',
      orderNo: tk.orderNo,
      result: 'ok',
    });
    const denied = (await page({ orderNo: tk.orderNo, result: 'alreadyInside' })).json().data;
    expect(denied.total).toBe(1);
    expect((await page({ idNumber: '330102199001010011', direction: 'exit' })).json().data.total).toBe(1);
    expect((await page({ ticketCode: tk.code, gateId: gate['S-OUT-01'] })).json().data.total).toBe(1);
    expect(
      (await page({ visitorName: '赵', scannedFrom: at('10:30').toISOString() })).json().data.total,
    ).toBe(1);
  });

  it('exports the filter as .xlsx', async () => {
    const res = await t.call(tok.admin!, 'POST', `${B}/derivedPage`, { orderNo: tk.orderNo });
    expect(res.statusCode).toBe(200);
    const text = xlsxText(res.rawPayload);
    expect(text).toContain('南门出口');
    expect(text).toContain('已入园，请勿重复刷票');
    expect(text).not.toContain(tk.code!);
  });

  it('answers the log of one ticket or order', async () => {
    const one = await t.call(tok.admin!, 'POST', `${B}/selectGardenLog`, { ticketId: tk.id });
    expect(one.json().data).toHaveLength(3);
    const order = await t.call(tok.admin!, 'POST', `${B}/selectGardenLog`, { orderId: tk.orderId });
    expect(order.json().data).toHaveLength(3);
    const bad = await t.call(tok.admin!, 'POST', `${B}/selectGardenLog`, {});
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.field).toBe('ticketId');
  });

  it('lists entries by ID card without a ticket', async () => {
    const res = await t.call(tok.admin!, 'POST', `${B}/getFreeIdCardGarLog`, {});
    expect(res.statusCode).toBe(200);
    for (const row of res.json().data.rows)
      expect(row).toMatchObject({ readMode: 2, ticketId: null, direction: 'entry' });
  });

  it('refuses unknown filters and sorts naming the field', async () => {
    for (const [body, field] of [
      [{ sort: 'deviceId' }, 'sort'],
      [{ result: 'maybe' }, 'result'],
      [{ nope: 1 }, 'nope'],
    ] as const) {
      const res = await page(body);
      expect(res.statusCode).toBe(400);
      expect(res.json().data.field).toBe(field);
    }
  });

  it('needs admin:gardenLog:page; another area sees none of it', async () => {
    for (const path of ['page', 'derivedPage', 'selectGardenLog', 'getFreeIdCardGarLog'])
      expect((await t.call(tok.staff!, 'POST', `${B}/${path}`, { ticketId: tk.id })).statusCode).toBe(403);
    const theirs = (await page({}, 'yunling')).json().data.rows as { gateName: string }[];
    expect(theirs.every((r) => r.gateName === '古镇入口')).toBe(true);
    expect((await page({ orderNo: tk.orderNo }, 'yunling')).json().data.total).toBe(0);
    const other = await t.call(tok.yunling!, 'POST', `${B}/selectGardenLog`, { ticketId: tk.id });
    expect(other.json().data).toEqual([]);
  });

  it("shows the system's exit at day close (no gate) in the list and the export", async () => {
    const other = await ticket();
    await forceTicketStatus(t.database.db, other.id, [302]);
    await expireTickets(t.database.db, new Date(other.validUntil.getTime() + 1000));
    const res = await page({ orderNo: other.orderNo });
    expect(res.json().data.rows).toEqual([
      expect.objectContaining({
        gateId: null,
        gateName: '',
        direction: 'exit',
        result: 'dayClose',
        readMode: null,
      }),
    ]);
    const text = xlsxText(
      (await t.call(tok.admin!, 'POST', `${B}/derivedPage`, { orderNo: other.orderNo })).rawPayload,
    );
    expect(text).toContain('系统');
    expect(text).toContain('闭园自动离园');
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'PostgreSQL: one single-entry ticket at two gates at once',
  () => {
    it('lets exactly one in (compare-and-set), 20 scans on two devices', async () => {
      const tk = await ticket();
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          checkIn(t.database.db, {
            scenicId: qsh,
            gateId: gate[i % 2 ? 'S-IN-01' : 'N-IN-01']!,
            deviceId: `race-${i % 2}`,
            nonce: nonce(),
            readMode: 1,
            value: tk.code!,
            scannedAt: at('10:00'),
          }),
        ),
      );
      expect(answers.filter((a) => a.allowed)).toHaveLength(1);
      expect(answers.filter((a) => a.reason === 'alreadyInside')).toHaveLength(19);
      const [row] = await t.database.db.select().from(orderTickets).where(eq(orderTickets.id, tk.id));
      expect(row).toMatchObject({ status: 302, entryCount: 1 });
    });

    it('keeps the order status right when two of its tickets leave at two gates at once', async () => {
      const db = t.database.db;
      for (let round = 0; round < 8; round++) {
        const a = await ticket();
        const [b] = (
          (await db.execute(sql`insert into order_tickets (order_id, scenic_id, product_id, product_type,
              visit_date, valid_from, valid_until, price, visitor_name, code, status, entries_left)
            select order_id, scenic_id, product_id, product_type, visit_date, valid_from, valid_until, price,
              visitor_name, ${nonce() + nonce()}, 201, entries_left
            from order_tickets where id = ${a.id}
            returning id, code`)) as unknown as { rows: { id: string; code: string }[] }
        ).rows;
        await forceTicketStatus(db, a.id, [302]);
        await forceTicketStatus(db, Number(b!.id), [302]);
        const answers = await Promise.all(
          [a.code!, b!.code].map((code, i) =>
            checkIn(db, {
              scenicId: qsh,
              gateId: gate[i ? 'S-OUT-01' : 'N-OUT-01']!,
              deviceId: `leave-${i}`,
              nonce: nonce(),
              readMode: 1,
              value: code,
              scannedAt: at('15:00'),
            }),
          ),
        );
        expect(answers.map((x) => x.allowed)).toEqual([true, true]);
        // each statement read the order's tickets after taking the order's lock: both see "left"
        const [order] = await db.select().from(ticketOrders).where(eq(ticketOrders.id, a.orderId));
        expect(order!.status, `round ${round}`).toBe(403);
      }
    });

    it('CONTROL: a naive read-then-update (no lock, no compare-and-set) lets several in', async () => {
      const tk = await ticket();
      const db = t.database.db;
      const naive = async () =>
        db.transaction(async (tx) => {
          const [row] = await tx.select().from(orderTickets).where(eq(orderTickets.id, tk.id));
          await tx.execute(sql`select pg_sleep(0.05)`);
          if (row!.status !== 201) return false;
          await tx.execute(
            sql`update order_tickets set status = 302, entry_count = entry_count + 1 where id = ${tk.id}`,
          );
          return true;
        });
      const results = await Promise.all(Array.from({ length: 20 }, naive));
      expect(results.filter(Boolean).length).toBeGreaterThan(1);
    });
  },
);
