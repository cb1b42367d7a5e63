import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { DEFAULT_TIME_ZONE, areaInstant } from '../../lib/area-clock.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { gates } from '../gates/gates.table.ts';
import { orderTickets, ticketOrders } from '../orders/orders.table.ts';
import { gateEvents } from './checkin.table.ts';
import { scenicAreas } from '../scenic/scenic.table.ts';
import { staffCards } from '../staff-cards/staff-cards.table.ts';
import { checkIn, maskScanned, type GateScan } from './checkin.service.ts';
import { createTestProduct, createTestTicket, forceTicketStatus } from './checkin.fixture.ts';

let t: TestApp;
let db: Db;
let qsh: number;
const gate: Record<string, number> = {};
const DAY = '2030-06-01';
/** A wall-clock time in the demo area (its zone is the default, Asia/Shanghai). */
const at = (time: string, day = DAY) => areaInstant(day, time, DEFAULT_TIME_ZONE);

const ID_A = '330102199001010011';

async function scan(input: Partial<GateScan> & { value: string }, gateCode = 'S-IN-01') {
  return checkIn(db, {
    scenicId: qsh,
    gateId: gate[gateCode]!,
    deviceId: `dev-${gateCode}`,
    nonce: crypto.randomBytes(8).toString('hex'),
    readMode: 1,
    scannedAt: at('10:00'),
    ...input,
  });
}

async function statusOf(ticketId: number) {
  const [row] = await db.select().from(orderTickets).where(eq(orderTickets.id, ticketId));
  return row!;
}

async function eventsOf(ticketId: number) {
  return db.select().from(gateEvents).where(eq(gateEvents.ticketId, ticketId)).orderBy(gateEvents.id);
}

let single: number;
let reentry: number;
let multi: number;
let windowed: number;
let timeLimited: number;

beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db;
  const [area] = await db.select().from(scenicAreas).where(eq(scenicAreas.code, 'QSH'));
  qsh = area!.id;
  for (const g of await db.select().from(gates).where(eq(gates.scenicId, qsh))) gate[g.code] = g.id;
  single = (await createTestProduct(db, qsh, { entryMode: 1 })).id;
  reentry = (await createTestProduct(db, qsh, { entryMode: 3 })).id;
  multi = (await createTestProduct(db, qsh, { entryMode: 2, entryTimes: 3 })).id;
  windowed = (await createTestProduct(db, qsh, { timeWindows: [{ start: '08:00', end: '16:30' }] })).id;
  timeLimited = (await createTestProduct(db, qsh, { validityType: 5, timeLimitMinutes: 60, entryMode: 3 }))
    .id;
});
afterAll(() => t.close());

const ticket = (productId: number, extra: Partial<Parameters<typeof createTestTicket>[1]> = {}) =>
  createTestTicket(db, { scenicId: qsh, productId, visitDate: DAY, ...extra });

describe('single entry (entry mode 1): T9, T11', () => {
  it('lets a paid ticket in once (201 → 302), then out (302 → 403), and not in again', async () => {
    const tk = await ticket(single);
    const first = await scan({ value: tk.code! });
    expect(first).toMatchObject({ allowed: true, applied: true, duplicate: false });
    expect(first.message).toEqual({ zh: '通过', en: 'Passed' });
    expect(first.event).toMatchObject({ direction: 'entry', result: 'ok', entryType: 1, ticketId: tk.id });
    expect(first.event.scannedValue).not.toBe(tk.code);
    expect((await statusOf(tk.id)).status).toBe(302);
    const [order] = await db.select().from(ticketOrders).where(eq(ticketOrders.id, tk.orderId));
    expect(order!.status).toBe(302);

    const again = await scan({ value: tk.code! });
    expect(again).toMatchObject({ allowed: false, reason: 'alreadyInside' });
    expect(again.message.en).toBe('Already inside the park');
    expect(again.event.direction).toBe('denied');

    const out = await scan({ value: tk.code!, scannedAt: at('12:00') }, 'S-OUT-01');
    expect(out).toMatchObject({ allowed: true, event: { direction: 'exit', result: 'ok' } });
    expect((await statusOf(tk.id)).status).toBe(403);

    const back = await scan({ value: tk.code!, scannedAt: at('13:00') });
    expect(back).toMatchObject({ allowed: false, reason: 'used' });
    expect((await statusOf(tk.id)).status).toBe(403);
    expect((await eventsOf(tk.id)).map((e) => e.direction)).toEqual(['entry', 'denied', 'exit', 'denied']);
  });

  it('lets an issued ticket (301) in and counts the entry', async () => {
    const tk = await ticket(single, { status: 301 });
    expect((await scan({ value: tk.code! })).allowed).toBe(true);
    const row = await statusOf(tk.id);
    expect(row).toMatchObject({ status: 302, entryCount: 1 });
    expect(row.firstEntryAt?.toISOString()).toBe(at('10:00').toISOString());
  });

  it('refuses an exit of a ticket that is not inside', async () => {
    const tk = await ticket(single);
    expect(await scan({ value: tk.code! }, 'S-OUT-01')).toMatchObject({
      allowed: false,
      reason: 'notInside',
    });
    expect((await statusOf(tk.id)).status).toBe(201);
  });
});

describe('re-entry (entry mode 3): T12', () => {
  it('lets the visitor back in after an exit within the validity', async () => {
    const tk = await ticket(reentry);
    await scan({ value: tk.code! });
    await scan({ value: tk.code!, scannedAt: at('11:00') }, 'S-OUT-01');
    expect(await scan({ value: tk.code!, scannedAt: at('12:00') }, 'N-IN-01')).toMatchObject({
      allowed: true,
    });
    expect(await statusOf(tk.id)).toMatchObject({ status: 302, entryCount: 2 });
    await scan({ value: tk.code!, scannedAt: at('13:00') }, 'S-OUT-01');
    const late = await scan({ value: tk.code!, scannedAt: at('09:00', '2030-06-02') });
    expect(late).toMatchObject({ allowed: false, reason: 'expired' });
    expect((await statusOf(tk.id)).status).toBe(403);
  });
});

describe('N entries (entry mode 2): T10, T14', () => {
  it('counts entries down and closes the ticket on the last one', async () => {
    const tk = await ticket(multi);
    expect(tk.entriesLeft).toBe(3);
    expect((await scan({ value: tk.code! })).allowed).toBe(true);
    expect(await statusOf(tk.id)).toMatchObject({ status: 401, entriesLeft: 2, entryCount: 1 });
    // exits are recorded, the ticket stays in use (presence is read from the log)
    expect(await scan({ value: tk.code!, scannedAt: at('10:30') }, 'S-OUT-01')).toMatchObject({
      allowed: true,
    });
    expect((await scan({ value: tk.code!, scannedAt: at('11:00') })).allowed).toBe(true);
    expect(await statusOf(tk.id)).toMatchObject({ status: 401, entriesLeft: 1, entryCount: 2 });
    expect((await scan({ value: tk.code!, scannedAt: at('12:00') })).allowed).toBe(true);
    expect(await statusOf(tk.id)).toMatchObject({ status: 402, entriesLeft: 0, entryCount: 3 });
    expect(await scan({ value: tk.code!, scannedAt: at('13:00') })).toMatchObject({
      allowed: false,
      reason: 'used',
    });
  });

  it('goes straight to used when one entry is all it has', async () => {
    const tk = await ticket(multi, { entriesLeft: 1 });
    expect((await scan({ value: tk.code! })).allowed).toBe(true);
    expect(await statusOf(tk.id)).toMatchObject({ status: 402, entriesLeft: 0 });
  });
});

describe('refusals', () => {
  it('refuses by validity: another day, not yet, expired', async () => {
    const tk = await ticket(single);
    expect(await scan({ value: tk.code!, scannedAt: at('10:00', '2030-05-31') })).toMatchObject({
      reason: 'notToday',
    });
    const later = await ticket(single, { validFrom: at('12:00'), validUntil: at('18:00') });
    expect(await scan({ value: later.code! })).toMatchObject({ reason: 'notYetValid' });
    expect(await scan({ value: tk.code!, scannedAt: at('10:00', '2030-06-03') })).toMatchObject({
      reason: 'expired',
      message: { zh: '门票已过期', en: 'The ticket has expired' },
    });
    expect((await statusOf(tk.id)).status).toBe(201);
  });

  it("refuses outside the product's entry windows, else outside the area's opening hours", async () => {
    const w = await ticket(windowed);
    expect(await scan({ value: w.code!, scannedAt: at('16:45') })).toMatchObject({
      reason: 'outsideTimeWindow',
    });
    expect((await scan({ value: w.code!, scannedAt: at('16:00') })).allowed).toBe(true);
    const open = await ticket(single);
    // the demo area opens 07:30-17:30
    expect(await scan({ value: open.code!, scannedAt: at('07:00') })).toMatchObject({
      reason: 'outsideTimeWindow',
    });
    expect((await scan({ value: open.code!, scannedAt: at('17:00') })).allowed).toBe(true);
  });

  it('refuses a ticket with a refund pending, a void ticket, and a settled one', async () => {
    const pending = await ticket(single);
    await forceTicketStatus(db, pending.id, [202]);
    expect(await scan({ value: pending.code! })).toMatchObject({ reason: 'refundPending' });
    const refunding = await ticket(single);
    await forceTicketStatus(db, refunding.id, [205]);
    expect(await scan({ value: refunding.code! })).toMatchObject({ reason: 'refundPending' });
    const voided = await ticket(single);
    await forceTicketStatus(db, voided.id, [502]);
    expect(await scan({ value: voided.code! })).toMatchObject({ reason: 'invalid' });
    const expired = await ticket(single);
    await forceTicketStatus(db, expired.id, [501]);
    expect(await scan({ value: expired.code! })).toMatchObject({ reason: 'expired' });
  });

  it('lets a withdrawn request (204) enter as the status before it (T19)', async () => {
    const tk = await ticket(single);
    await forceTicketStatus(db, tk.id, [202, 204]);
    await db.execute(sql`insert into refund_requests (scenic_id, order_id, ticket_id, status,
      status_before_refund, ticket_amount, fee, refund_amount, requested_by)
      values (${qsh}, ${tk.orderId}, ${tk.id}, 4, 201, 100, 0, 100, 'test')`);
    expect((await scan({ value: tk.code! })).allowed).toBe(true);
    expect((await statusOf(tk.id)).status).toBe(302);
  });

  it('refuses an unknown code, and a regular ticket at a timer gate', async () => {
    expect(await scan({ value: 'no-such-code-0000' })).toMatchObject({
      allowed: false,
      reason: 'unknown',
      event: { direction: 'denied', ticketId: null, scannedValue: 'no-s****0000' },
    });
    const tk = await ticket(single);
    expect(await scan({ value: tk.code! }, 'BUS-01')).toMatchObject({ reason: 'wrongGate' });
  });

  it('runs a time-limited ticket through the timer gate and its clock from the first entry', async () => {
    const tk = await ticket(timeLimited);
    expect((await scan({ value: tk.code! }, 'BUS-01')).allowed).toBe(true);
    await scan({ value: tk.code!, scannedAt: at('10:20') }, 'S-OUT-01');
    expect((await scan({ value: tk.code!, scannedAt: at('10:50') }, 'BUS-01')).allowed).toBe(true);
    await scan({ value: tk.code!, scannedAt: at('10:55') }, 'S-OUT-01');
    expect(await scan({ value: tk.code!, scannedAt: at('11:30') }, 'BUS-01')).toMatchObject({
      reason: 'expired',
    });
  });
});

describe('timer pause (gate 21)', () => {
  it('stops the clock of a time-limited ticket from the pause to the next entry, even without re-entry', async () => {
    // 60 minutes, single entry: only a pause lets the visitor back in
    const product = (
      await createTestProduct(db, qsh, { validityType: 5, timeLimitMinutes: 60, entryMode: 1 })
    ).id;
    const tk = await ticket(product);
    expect((await scan({ value: tk.code!, scannedAt: at('10:00') }, 'BUS-01')).allowed).toBe(true);
    expect((await scan({ value: tk.code!, scannedAt: at('10:20') }, 'BUS-02')).event.direction).toBe('exit');
    expect(await statusOf(tk.id)).toMatchObject({ status: 403, timerPausedAt: new Date(at('10:20')) });
    // 40 paused minutes do not count: 20 used at 11:00
    expect((await scan({ value: tk.code!, scannedAt: at('11:00') }, 'BUS-01')).allowed).toBe(true);
    expect(await statusOf(tk.id)).toMatchObject({
      status: 302,
      timerPausedAt: null,
      timerPausedMs: 40 * 60_000,
    });
    // a plain exit does not pause: the clock runs on, and a single-entry ticket cannot come back
    await scan({ value: tk.code!, scannedAt: at('11:30') }, 'S-OUT-01');
    expect(await scan({ value: tk.code!, scannedAt: at('11:35') }, 'BUS-01')).toMatchObject({
      reason: 'used',
    });
  });

  it('refuses the time beyond the limit, counting only the time not paused', async () => {
    const tk = await ticket(timeLimited);
    await scan({ value: tk.code!, scannedAt: at('10:00') }, 'BUS-01');
    await scan({ value: tk.code!, scannedAt: at('10:30') }, 'BUS-02'); // 30 used, paused
    expect((await scan({ value: tk.code!, scannedAt: at('11:30') }, 'BUS-01')).allowed).toBe(true); // 30 used
    await scan({ value: tk.code!, scannedAt: at('11:45') }, 'S-OUT-01'); // 45 used, not paused
    expect(await scan({ value: tk.code!, scannedAt: at('12:20') }, 'BUS-01')).toMatchObject({
      reason: 'expired',
    });
  });

  it('serves time-limited tickets only', async () => {
    const tk = await ticket(single);
    await scan({ value: tk.code! });
    expect(await scan({ value: tk.code!, scannedAt: at('11:00') }, 'BUS-02')).toMatchObject({
      reason: 'wrongGate',
    });
  });
});

describe('ID cards and staff cards', () => {
  it("finds the visitor's ticket of the day by ID number", async () => {
    await ticket(single, { visitorIdNumber: ID_A, visitDate: '2030-06-05', visitorName: '王五' });
    const today = await ticket(single, { visitorIdNumber: ID_A, visitorName: '王五' });
    const res = await scan({ readMode: 2, value: ID_A });
    expect(res).toMatchObject({ allowed: true, event: { ticketId: today.id, visitorName: '王五' } });
    expect(res.event.scannedValue).toBe(maskScanned(2, ID_A));
    expect(res.event.scannedValue).not.toContain('19900101');
    expect(await scan({ readMode: 2, value: ID_A, scannedAt: at('11:00') })).toMatchObject({
      reason: 'alreadyInside',
    });
  });

  it('opens for a staff card by QR, IC card and ID card; refuses a disabled one', async () => {
    const cards = await db.select().from(staffCards).where(eq(staffCards.scenicId, qsh));
    const live = cards.find((c) => c.status === 1 && c.gateIds.length === 0 && c.readModes.includes(1))!;
    const res = await scan({ value: live.qrCode, scannedAt: new Date() });
    expect(res).toMatchObject({ allowed: true, event: { entryType: 3, staffCardId: live.id } });
    const ic = cards.find((c) => c.status === 1 && c.icCardNo && c.readModes.includes(3))!;
    expect(await scan({ readMode: 3, value: ic.icCardNo!, scannedAt: new Date() })).toMatchObject({
      event: { staffCardId: ic.id },
    });
    const off = cards.find((c) => c.status === 2)!;
    expect(await scan({ value: off.qrCode, scannedAt: new Date() })).toMatchObject({
      allowed: false,
      reason: 'cardDisabled',
      message: { zh: '员工卡已禁用' },
    });
    const byId = cards.find((c) => c.status === 1 && c.idNumber && c.readModes.includes(2));
    if (byId) {
      const r = await scan({ readMode: 2, value: byId.idNumber!, scannedAt: new Date() });
      expect(r.event).toMatchObject({ entryType: 3, ticketId: null });
    }
  });
});

describe('idempotent on (deviceId, nonce)', () => {
  it('answers a retried scan with the first answer, no second event or transition', async () => {
    const tk = await ticket(single);
    const first = await scan({ value: tk.code!, nonce: 'retry-1' });
    const second = await scan({ value: tk.code!, nonce: 'retry-1', scannedAt: at('10:01') });
    expect(second).toMatchObject({ allowed: true, duplicate: true, event: { id: first.event.id } });
    expect(await eventsOf(tk.id)).toHaveLength(1);
    expect(await statusOf(tk.id)).toMatchObject({ status: 302, entryCount: 1 });
    // the same nonce from another device is another scan
    const other = await scan({ value: tk.code!, nonce: 'retry-1', deviceId: 'dev-other' });
    expect(other).toMatchObject({ duplicate: false, reason: 'alreadyInside' });
  });
});

describe('offline uploads are facts', () => {
  it('records a late entry even when the ticket moved since, without a transition', async () => {
    const tk = await ticket(single);
    await scan({ value: tk.code!, scannedAt: at('10:00') });
    await scan({ value: tk.code!, scannedAt: at('11:00') }, 'S-OUT-01');
    const late = await scan({ value: tk.code!, scannedAt: at('09:30'), offline: true }, 'N-IN-01');
    expect(late).toMatchObject({
      allowed: true,
      applied: false,
      reason: 'used',
      event: { direction: 'entry', offline: true },
    });
    expect((await statusOf(tk.id)).status).toBe(403);
  });

  it('applies the transition when it is still allowed, judged at the scan time', async () => {
    const tk = await ticket(single);
    const res = await scan({ value: tk.code!, scannedAt: at('16:00'), offline: true });
    expect(res).toMatchObject({ allowed: true, applied: true, event: { result: 'ok', offline: true } });
    expect((await statusOf(tk.id)).status).toBe(302);
  });

  it('never denies an offline scan afterwards, even an unknown code', async () => {
    const res = await scan({ value: 'offline-unknown-1', offline: true });
    expect(res).toMatchObject({
      allowed: true,
      applied: false,
      reason: 'unknown',
      event: { direction: 'entry' },
    });
  });
});

describe('benchCheckin', () => {
  it('scans seeded tickets and reports the rate', async () => {
    const { benchCheckin } = await import('./checkin.bench.ts');
    const result = await benchCheckin(db, qsh, { n: 30, concurrency: 4 });
    expect(result).toMatchObject({ n: 30, allowed: 30 });
    expect(result.perSecond).toBeGreaterThan(0);
  });
});
