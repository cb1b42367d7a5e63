import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db } from '../../db/client.ts';
import { areaDayEnd } from '../../lib/area-clock.ts';
import { createTestApp, xlsxText, type TestApp } from '../../test/harness.ts';
import { gates } from '../gates/gates.table.ts';
import { priceCalendar } from '../inventory/inventory.table.ts';
import { clientToken, createOrderFixtures, type OrderFixtures } from '../orders/orders.fixture.ts';
import { expireTickets } from '../orders/orders.service.ts';
import { orderTickets } from '../orders/orders.table.ts';
import { gateEvents } from './checkin.table.ts';
import { createTestProduct, createTestTicket } from './checkin.fixture.ts';

/**
 * Issue 12, finding 7 ("two clocks"): selling, validity, the gate, opening hours and the jobs read
 * one clock, the area's (scenic_areas.time_zone), whatever the zone of the server process. Each case
 * runs with the process in UTC and in Los Angeles; the area is in Shanghai (the default), then in
 * London.
 */

const PROCESS_ZONES = ['UTC', 'America/Los_Angeles'] as const;
const processZone = process.env.TZ;

let t: TestApp;
let db: Db;
let f: OrderFixtures;
let gateId: number;
let gateToken: string;
let admin: string;
let key = 0;

beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db;
  // products of area YLGZ with stock on 2 June 2030, and the regular one on 1 June too
  f = await createOrderFixtures(db, '2030-06-02');
  await db
    .insert(priceCalendar)
    .values({ scenicId: f.scenicId, productId: f.regular, date: '2030-06-01', price: 10000, stock: 100 });
  const [gate] = await db
    .insert(gates)
    .values({ scenicId: f.scenicId, code: 'CLOCK-IN', name: '时钟入口', gateType: 10 })
    .returning();
  gateId = gate!.id;
  gateToken = (await t.deviceToken(f.scenicId, 'handManagement')).token;
  admin = (await t.login('admin')).access_token;
  // opening hours 07:00-20:00 of the area
  await settings({ openTime: '07:00', closeTime: '20:00' });
});
afterEach(() => {
  vi.useRealTimers();
  if (processZone === undefined) delete process.env.TZ;
  else process.env.TZ = processZone;
});
afterAll(() => t.close());

/** Saves YLGZ's settings with these changes (the rest as they are). */
async function settings(change: Record<string, unknown>) {
  const headers = { 'x-scenic-id': String(f.scenicId) };
  const now = (await t.call(admin, 'GET', '/web/api/admin/setting/query', undefined, headers)).json().data;
  const { scenicId: _s, scenicName: _n, saved: _v, updateTime: _u, ...form } = now;
  const res = await t.call(admin, 'POST', '/web/api/admin/setting/update', { ...form, ...change }, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

/** The server's clock (Date only: timers keep running) and the zone of its process. */
function serverAt(iso: string, zone: string) {
  process.env.TZ = zone;
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(iso));
}

/** A channel sells and takes the money at once (T2), at the server's current time. */
async function sell(date: string) {
  const ctrip = await clientToken(t, 'ctripManagement');
  return t.call(
    ctrip,
    'POST',
    '/api/open/order/create',
    {
      buyer: { name: '时区', phone: '13800000000' },
      lines: [{ productId: f.regular, date, quantity: 1 }],
      payNow: { payWay: 1 },
    },
    { 'x-scenic-id': String(f.scenicId), 'idempotency-key': `clock-${++key}` },
  );
}

async function ticketOf(orderNo: string) {
  const [ticket] = await db
    .select()
    .from(orderTickets)
    .where(
      eq(
        orderTickets.id,
        (
          await t.call(
            await clientToken(t, 'ctripManagement'),
            'GET',
            `/api/open/order/query?orderNo=${orderNo}`,
            undefined,
            { 'x-scenic-id': String(f.scenicId) },
          )
        ).json().data.tickets[0].id,
      ),
    );
  return ticket!;
}

async function scan(code: string, scannedAt: string) {
  const res = await t.call(
    gateToken,
    'POST',
    '/api/gate/scan',
    {
      gateId,
      deviceId: 'clock-gate',
      nonce: crypto.randomBytes(8).toString('hex'),
      readMode: 1,
      value: code,
      scannedAt,
    },
    { 'x-scenic-id': String(f.scenicId) },
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { allowed: boolean; reason?: string };
}

describe.each(PROCESS_ZONES)('an area in Shanghai, the server process in %s', (zone) => {
  it("sells the area's today after 16:00 UTC, and the gate lets the ticket in at opening", async () => {
    // 17:00 UTC on 1 June is 01:00 on 2 June in Shanghai
    serverAt('2030-06-01T17:00:00Z', zone);
    const yesterday = await sell('2030-06-01');
    expect(yesterday.statusCode, yesterday.body).toBe(400);
    expect(yesterday.json().data.field).toBe('lines.0.date');
    const sold = await sell('2030-06-02');
    expect(sold.statusCode, sold.body).toBe(200);
    const order = sold.json().data;
    // the order number carries the area's day
    expect(order.orderNo).toMatch(/^T20300602\d{10}$/);
    const ticket = await ticketOf(order.orderNo);
    // valid for the whole of 2 June in Shanghai
    expect(ticket.validFrom.toISOString()).toBe('2030-06-01T16:00:00.000Z');
    expect(ticket.validUntil.toISOString()).toBe('2030-06-02T16:00:00.000Z');
    vi.useRealTimers();

    // 07:30 on 2 June in Shanghai (23:30 UTC on 1 June): open, and the ticket's day
    expect(await scan(order.tickets[0].code, '2030-06-02T07:30:00+08:00')).toMatchObject({ allowed: true });
  });

  it("judges the day and the opening hours on the area's clock", async () => {
    process.env.TZ = zone;
    const product = (await createTestProduct(db, f.scenicId, { entryMode: 1 })).id;
    const ticket = () =>
      createTestTicket(db, { scenicId: f.scenicId, productId: product, visitDate: '2030-06-02' });
    const a = await ticket();
    // the evening before in Shanghai (but 2 June in no zone west of it): not today
    expect(await scan(a.code!, '2030-06-01T19:00:00+08:00')).toMatchObject({ reason: 'notToday' });
    // before opening and after closing, Shanghai time
    expect(await scan(a.code!, '2030-06-02T06:30:00+08:00')).toMatchObject({ reason: 'outsideTimeWindow' });
    expect(await scan(a.code!, '2030-06-02T20:30:00+08:00')).toMatchObject({ reason: 'outsideTimeWindow' });
    // the next morning: expired, although it is still 2 June in UTC
    expect(await scan(a.code!, '2030-06-03T07:30:00+08:00')).toMatchObject({ reason: 'expired' });
    expect(await scan(a.code!, '2030-06-02T19:30:00+08:00')).toMatchObject({ allowed: true });
  });
});

describe('an area in London', () => {
  beforeAll(async () => {
    const saved = await settings({ timeZone: 'Europe/London' });
    expect(saved.timeZone).toBe('Europe/London');
  });

  it.each(PROCESS_ZONES)('sells, validates and opens by London time (the process in %s)', async (zone) => {
    // 18:00 on 1 June in London (already 2 June in Shanghai)
    serverAt('2030-06-01T17:00:00Z', zone);
    const sold = await sell('2030-06-01');
    expect(sold.statusCode, sold.body).toBe(200);
    const order = sold.json().data;
    expect(order.orderNo).toMatch(/^T20300601\d{10}$/);
    const ticket = await ticketOf(order.orderNo);
    // 1 June in London, British Summer Time (UTC+1)
    expect(ticket.validFrom.toISOString()).toBe('2030-05-31T23:00:00.000Z');
    expect(ticket.validUntil.toISOString()).toBe('2030-06-01T23:00:00.000Z');
    vi.useRealTimers();

    const code = order.tickets[0].code as string;
    // 06:30 in London is before opening (13:30 in Shanghai would not be)
    expect(await scan(code, '2030-06-01T06:30:00+01:00')).toMatchObject({ reason: 'outsideTimeWindow' });
    // 19:30 in London is open (02:30 in Shanghai would not be)
    expect(await scan(code, '2030-06-01T19:30:00+01:00')).toMatchObject({ allowed: true });
  });

  it('closes a single-entry ticket after the London day of its entry (T13), and exports London times', async () => {
    process.env.TZ = 'UTC';
    const product = (await createTestProduct(db, f.scenicId, { entryMode: 1, validityType: 2 })).id;
    // valid three London days
    const tk = await createTestTicket(db, {
      scenicId: f.scenicId,
      productId: product,
      visitDate: '2030-06-01',
      timeZone: 'Europe/London',
      validUntil: areaDayEnd('2030-06-03', 'Europe/London'),
    });
    expect(await scan(tk.code!, '2030-06-01T19:30:00+01:00')).toMatchObject({ allowed: true });
    const status = async () =>
      (await db.select().from(orderTickets).where(eq(orderTickets.id, tk.id)))[0]!.status;
    // 23:30 in London, still the day of entry (06:30 the next day in Shanghai)
    await expireTickets(db, new Date('2030-06-01T22:30:00Z'));
    expect(await status()).toBe(302);
    // 00:30 the next day in London (still 1 June in UTC)
    await expireTickets(db, new Date('2030-06-01T23:30:00Z'));
    expect(await status()).toBe(402);
    const events = await db.select().from(gateEvents).where(eq(gateEvents.ticketId, tk.id));
    expect(events.map((e) => e.result).sort()).toEqual(['dayClose', 'ok']);

    // the export writes the area's wall clock: 19:30 of 1 June, not 18:30 (UTC) or 02:30 (Shanghai)
    const res = await t.call(
      admin,
      'POST',
      '/web/api/admin/gardenLog/derivedPage',
      { orderNo: tk.orderNo },
      {
        'x-scenic-id': String(f.scenicId),
      },
    );
    expect(res.statusCode).toBe(200);
    const serial = (wall: number) => `<v>${wall / 86_400_000 + 25_569}</v>`;
    const text = xlsxText(res.rawPayload);
    expect(text).toContain(serial(Date.UTC(2030, 5, 1, 19, 30)));
    expect(text).not.toContain(serial(Date.UTC(2030, 5, 1, 18, 30)));
  });

  it('refuses a zone that is not an IANA name (400 naming timeZone)', async () => {
    for (const timeZone of ['+08:00', 'Mars/Olympus', 'Beijing']) {
      const headers = { 'x-scenic-id': String(f.scenicId) };
      const now = (await t.call(admin, 'GET', '/web/api/admin/setting/query', undefined, headers)).json()
        .data;
      const { scenicId: _s, scenicName: _n, saved: _v, updateTime: _u, ...form } = now;
      const res = await t.call(
        admin,
        'POST',
        '/web/api/admin/setting/update',
        { ...form, timeZone },
        headers,
      );
      expect(res.statusCode, timeZone).toBe(400);
      expect(res.json().data.field).toBe('timeZone');
    }
  });
});
