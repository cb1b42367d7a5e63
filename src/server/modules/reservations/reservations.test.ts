import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLogApi } from '../../../shared/api/logs.ts';
import {
  openReservationApi as open,
  publicReservationApi as publicReservation,
  reservationApi,
  reservationSessionApi as sessionApi,
  reservationSiteApi as siteApi,
  type BookingRow,
  type OpenBooking,
  type SessionRow,
  type SiteRow,
} from '../../../shared/api/reservations.ts';
import { idNumberCheckChar } from '../../../shared/api/staff-cards.ts';
import { rowsOf } from '../../db/rows.ts';
import { createTestApp, xlsxText, type TestApp } from '../../test/harness.ts';
import { gates } from '../gates/index.ts';
import { scenicAreas } from '../scenic/scenic.table.ts';
import { runReservationJobs } from './reservations.jobs.ts';

// Over HTTP on a real database: the staff screens (/Make/site, /Make/session, /Make/message), the
// channels' booking API and the expiry job, on a controlled clock (the demo areas keep Asia/Shanghai).
let t: TestApp;
const tok: Record<string, string> = {};
let client: string;
let otherClient: string;
let qsh: number;
let ylgz: number;

/** A week of sessions far ahead of the demo data: 2031-03-10 is a Monday. */
const MONDAY = '2031-03-10';
const day = (n: number) => new Date(Date.UTC(2031, 2, 10 + n)).toISOString().slice(0, 10);
/** An instant on the Shanghai clock (UTC+8, no daylight saving). */
const shanghai = (date: string, time: string) => new Date(`${date}T${time}:00+08:00`);

/** Moves the server's clock; the sessions of the tests are issued again at that time. */
async function at(instant: Date) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(instant);
  for (const name of ['admin', 'staff', 'yunling']) tok[name] = (await t.login(name)).access_token;
  client = await t.clientToken('ctripManagement');
  otherClient = await t.clientToken('mtManagement');
}
afterEach(() => {
  vi.useRealTimers();
});

const call = (who: string, method: 'GET' | 'POST', url: string, body?: unknown) =>
  t.call(tok[who]!, method, url, body);

let keySeq = 0;
/** A channel call in an area, with a fresh Idempotency-Key unless one is given. */
const channel = (
  method: 'GET' | 'POST',
  url: string,
  body?: unknown,
  opts: { key?: string; scenicId?: number; token?: string } = {},
) =>
  t.call(opts.token ?? client, method, url, body, {
    'x-scenic-id': String(opts.scenicId ?? qsh),
    ...(method === 'POST' ? { 'idempotency-key': opts.key ?? `k-${++keySeq}` } : {}),
  });

function expectStatus(res: { statusCode: number; body: string }, status: number, field?: string) {
  expect(res.statusCode, res.body).toBe(status);
  if (field !== undefined) expect(JSON.parse(res.body).data.field).toBe(field);
}

const data = <T>(res: { statusCode: number; body: string; json: () => unknown }): T => {
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: T }).data;
};

const idNumber = (n: number) => {
  const first17 = `11010119900101${String(n).padStart(3, '0')}`;
  return first17 + idNumberCheckChar(first17);
};

async function createSite(body: Record<string, unknown>, who = 'admin') {
  return data<SiteRow>(await call(who, 'POST', siteApi.create, body));
}

async function sessionsOf(siteId: number, who = 'admin', extra: Record<string, unknown> = {}) {
  return data<{ rows: SessionRow[]; total: number }>(
    await call(who, 'POST', sessionApi.page, { siteId, limit: 100, ...extra }),
  );
}

async function generateWeek(siteId: number, capacity?: number) {
  return data<{ created: number; skipped: number }>(
    await call('admin', 'POST', sessionApi.generate, {
      siteId,
      dateFrom: MONDAY,
      dateTo: day(6),
      weekdays: [1, 2, 3, 4, 5, 6, 7],
      slots: [
        { startTime: '09:00', endTime: '10:00' },
        { startTime: '14:00', endTime: '15:00' },
      ],
      ...(capacity ? { capacity } : {}),
    }),
  );
}

const sessionAt = async (siteId: number, date: string, startTime: string) =>
  (await sessionsOf(siteId)).rows.find((s) => s.date === date && s.startTime === startTime)!;

const book = async (body: Record<string, unknown>, key?: string) =>
  channel('POST', open.create, body, key ? { key } : {});

beforeAll(async () => {
  t = await createTestApp({ loginRateLimit: 1000 });
  await t.grant('yunling', [
    'admin:makeSite:page',
    'admin:makeSite:create',
    'admin:makeSite:update',
    'admin:makeSession:page',
    'admin:makeSession:update',
    'admin:makeMessage:page',
    'admin:makeMessage:update',
  ]);
  for (const name of ['admin', 'staff', 'yunling']) tok[name] = (await t.login(name)).access_token;
  client = await t.clientToken('ctripManagement');
  otherClient = await t.clientToken('mtManagement');
  const areas = await t.database.db.select().from(scenicAreas);
  qsh = areas.find((a) => a.code === 'QSH')!.id;
  ylgz = areas.find((a) => a.code === 'YLGZ')!.id;
});
afterAll(() => t.close());

describe('reservations: demo data', () => {
  it('gives each demo area two sites whose booked counts equal their active bookings, in all four states', async () => {
    const db = t.database.db;
    const perArea = rowsOf<{ scenic_id: number; sites: number }>(
      await db.execute(
        sql`select scenic_id, count(*)::int as sites from reservation_sites group by scenic_id`,
      ),
    );
    expect(perArea.map((r) => r.sites)).toEqual([2, 2]);
    const drift = rowsOf<{ id: number }>(
      await db.execute(sql`select s.id from reservation_sessions s
        where s.booked <> (select count(*) from reservations r where r.session_id = s.id and r.status in (0, 1))`),
    );
    expect(drift).toEqual([]);
    const states = rowsOf<{ status: number }>(
      await db.execute(sql`select distinct status from reservations order by status`),
    );
    expect(states.map((r) => r.status)).toEqual([0, 1, 2, 3]);
  });
});

describe('booking sites (/Make/site)', () => {
  it('creates, lists, edits, disables and deletes a site, each change audited', async () => {
    const site = await createSite({ name: '星空剧场', location: '北门', capacity: 40, realName: true });
    expect(site).toMatchObject({ capacity: 40, daysAhead: 7, closeMinutes: 0, realName: true, status: 1 });
    const list = data<{ rows: SiteRow[] }>(await call('admin', 'POST', siteApi.page, { name: '星空' }));
    expect(list.rows.map((r) => r.id)).toEqual([site.id]);
    const edited = data<SiteRow>(
      await call('admin', 'POST', siteApi.update, { id: site.id, closeMinutes: 15, rules: '请准时' }),
    );
    expect(edited).toMatchObject({ closeMinutes: 15, rules: '请准时', capacity: 40 });
    expectStatus(await call('admin', 'POST', siteApi.status, { ids: [site.id], status: 2 }), 200);
    const disabled = data<{ rows: SiteRow[] }>(await call('admin', 'POST', siteApi.page, { status: 2 }));
    expect(disabled.rows.map((r) => r.id)).toEqual([site.id]);
    expectStatus(await call('admin', 'GET', `${siteApi.delete}?id=${site.id}`), 200);
    expectStatus(await call('admin', 'GET', `${siteApi.query}?id=${site.id}`), 404);

    const audit = data<{ rows: { action: string; targetId: string }[] }>(
      await call('admin', 'POST', auditLogApi.page, { module: 'reservations', limit: 20 }),
    );
    expect(audit.rows.filter((r) => r.targetId === String(site.id)).map((r) => r.action)).toEqual([
      'delete',
      'status',
      'update',
      'create',
    ]);
  });

  it('exports the filtered sites', async () => {
    const res = await call('admin', 'POST', siteApi.export, { name: '美术馆' });
    expect(res.statusCode).toBe(200);
    const text = xlsxText(res.rawPayload);
    expect(text).toContain('湖畔美术馆');
    expect(text).not.toContain('非遗体验工坊');
  });

  it('names the field of bad input and changes nothing', async () => {
    const before = data<{ total: number }>(await call('admin', 'POST', siteApi.page, {})).total;
    expectStatus(await call('admin', 'POST', siteApi.create, { name: ' ', capacity: 5 }), 400, 'name');
    expectStatus(await call('admin', 'POST', siteApi.create, { name: 'A', capacity: 0 }), 400, 'capacity');
    expectStatus(await call('admin', 'POST', siteApi.create, { name: 'A' }), 400, 'capacity');
    expectStatus(
      await call('admin', 'POST', siteApi.create, { name: 'A', capacity: 5, daysAhead: 400 }),
      400,
      'daysAhead',
    );
    expectStatus(
      await call('admin', 'POST', siteApi.create, { name: 'A', capacity: 5, closeMinutes: -1 }),
      400,
      'closeMinutes',
    );
    expectStatus(await call('admin', 'POST', siteApi.create, { name: 'A', capacity: 5, x: 1 }), 400, 'x');
    expect(data<{ total: number }>(await call('admin', 'POST', siteApi.page, {})).total).toBe(before);
  });

  it('refuses to delete a site with bookings (409), and an account without the permission (403)', async () => {
    const site = data<{ rows: SiteRow[] }>(await call('admin', 'POST', siteApi.page, { name: '美术馆' }))
      .rows[0]!;
    const res = await call('admin', 'GET', `${siteApi.delete}?id=${site.id}`);
    expectStatus(res, 409);
    expect(res.json().msg).toContain('湖畔美术馆');
    expectStatus(await call('admin', 'GET', `${siteApi.query}?id=${site.id}`), 200);
    expectStatus(await call('staff', 'POST', siteApi.page, {}), 403);
    expectStatus(await call('staff', 'POST', siteApi.create, { name: 'A', capacity: 5 }), 403);
    expectStatus(await call('staff', 'POST', sessionApi.generate, {}), 403);
    expectStatus(await call('staff', 'POST', reservationApi.page, {}), 403);
    expectStatus(await call('staff', 'POST', reservationApi.arrive, { id: 1 }), 403);
    // yunling may not delete sites at all
    expectStatus(await call('yunling', 'GET', `${siteApi.delete}?id=${site.id}`), 403);
  });
});

describe('sessions (/Make/session)', () => {
  it('generates a weekly pattern, skips the sessions that exist and reports both counts', async () => {
    const site = await createSite({ name: '生成测试馆', capacity: 8 });
    const first = data<{ created: number; skipped: number }>(
      await call('admin', 'POST', sessionApi.generate, {
        siteId: site.id,
        dateFrom: MONDAY,
        dateTo: day(13),
        weekdays: [6, 7],
        slots: [{ startTime: '10:00', endTime: '11:30' }],
      }),
    );
    expect(first).toEqual({ created: 4, skipped: 0 });
    const again = data<{ created: number; skipped: number }>(
      await call('admin', 'POST', sessionApi.generate, {
        siteId: site.id,
        dateFrom: MONDAY,
        dateTo: day(6),
        weekdays: [1, 6, 7],
        slots: [{ startTime: '10:00', endTime: '11:30' }],
        capacity: 20,
      }),
    );
    expect(again).toEqual({ created: 1, skipped: 2 });
    const audit = data<{ rows: { targetType: string; targetId: string }[] }>(
      await call('admin', 'POST', auditLogApi.page, {
        module: 'reservations',
        action: 'generate',
        limit: 100,
      }),
    );
    expect(audit.rows.filter((r) => r.targetId === String(site.id)).map((r) => r.targetType)).toEqual([
      'reservationSite',
      'reservationSite',
    ]);
    const rows = (await sessionsOf(site.id)).rows;
    expect(rows.map((r) => `${r.date} ${r.capacity}`)).toEqual([
      `${day(0)} 20`,
      `${day(5)} 8`,
      `${day(6)} 8`,
      `${day(12)} 8`,
      `${day(13)} 8`,
    ]);
    expect(rows[0]).toMatchObject({ siteName: '生成测试馆', booked: 0, remaining: 20, status: 1 });
    const filtered = await sessionsOf(site.id, 'admin', { dateFrom: day(6), dateTo: day(12) });
    expect(filtered.total).toBe(2);
  });

  it('names the field of a bad generate request and creates nothing', async () => {
    const site = await createSite({ name: '校验馆', capacity: 8 });
    const base = {
      siteId: site.id,
      dateFrom: MONDAY,
      dateTo: day(3),
      weekdays: [1],
      slots: [{ startTime: '10:00', endTime: '11:00' }],
    };
    const gen = (body: Record<string, unknown>) =>
      call('admin', 'POST', sessionApi.generate, { ...base, ...body });
    expectStatus(await gen({ dateTo: day(-1) }), 400, 'dateTo');
    expectStatus(await gen({ dateTo: day(120) }), 400, 'dateTo');
    expectStatus(await gen({ weekdays: [] }), 400, 'weekdays');
    expectStatus(await gen({ weekdays: [8] }), 400, 'weekdays.0');
    expectStatus(await gen({ slots: [{ startTime: '11:00', endTime: '10:00' }] }), 400, 'slots.0.endTime');
    expectStatus(await gen({ capacity: 0 }), 400, 'capacity');
    expect((await sessionsOf(site.id)).total).toBe(0);
  });

  it('keeps the capacity at or above what is booked, and a closed session takes no bookings', async () => {
    const site = await createSite({ name: '容量馆', capacity: 3, daysAhead: 30 });
    await generateWeek(site.id);
    const session = await sessionAt(site.id, day(2), '09:00');
    await at(shanghai(MONDAY, '08:00'));
    data<OpenBooking>(await book({ sessionId: session.id, visitorName: '甲', phone: '13800000001' }));
    data<OpenBooking>(await book({ sessionId: session.id, visitorName: '乙', phone: '13800000002' }));
    expectStatus(
      await call('admin', 'POST', sessionApi.update, { id: session.id, capacity: 1 }),
      409,
      'capacity',
    );
    const shrunk = data<SessionRow>(
      await call('admin', 'POST', sessionApi.update, { id: session.id, capacity: 2 }),
    );
    expect(shrunk).toMatchObject({ capacity: 2, booked: 2, remaining: 0 });
    expectStatus(await book({ sessionId: session.id, visitorName: '丙', phone: '13800000003' }), 409);

    const other = await sessionAt(site.id, day(2), '14:00');
    expectStatus(await call('admin', 'POST', sessionApi.status, { ids: [other.id], status: 2 }), 200);
    const closed = await book({ sessionId: other.id, visitorName: '丙', phone: '13800000003' });
    expectStatus(closed, 409);
    expect(closed.json().msg).toBe('该场次已关闭预约');
    expect((await sessionAt(site.id, day(2), '14:00')).booked).toBe(0);
  });
});

describe('the channels booking API', () => {
  let site: SiteRow;
  let realName: SiteRow;
  beforeAll(async () => {
    site = await createSite({ name: '渠道测试馆', capacity: 2, daysAhead: 3, closeMinutes: 30 });
    realName = await createSite({ name: '实名馆', capacity: 10, daysAhead: 3, realName: true });
    await generateWeek(site.id);
    await generateWeek(realName.id);
  });

  it('lists the sites and the sessions of a day with the places left and the window', async () => {
    await at(shanghai(MONDAY, '09:45'));
    const sites = data<{ id: number; name: string }[]>(await channel('GET', open.sites));
    expect(sites.map((s) => s.name)).toEqual(expect.arrayContaining(['渠道测试馆', '实名馆', '湖畔美术馆']));
    const today = data<{ startTime: string; remaining: number; bookable: boolean }[]>(
      await channel('GET', `${open.sessions}?siteId=${site.id}&date=${MONDAY}`),
    );
    // 09:00 has started; 14:00 still open
    expect(today.map((s) => [s.startTime, s.remaining, s.bookable])).toEqual([
      ['09:00', 2, false],
      ['14:00', 2, true],
    ]);
    const later = data<{ bookable: boolean }[]>(
      await channel('GET', `${open.sessions}?siteId=${site.id}&date=${day(4)}`),
    );
    expect(later.map((s) => s.bookable)).toEqual([false, false]);
    expectStatus(
      await channel('GET', `${open.sessions}?siteId=${site.id}&date=${MONDAY}`, undefined, {
        scenicId: ylgz,
      }),
      404,
    );
  });

  it('shows the mini-program the same sites and sessions without a login, cacheable', async () => {
    await at(shanghai(MONDAY, '09:45'));
    const sites = await t.call(null, 'GET', `${publicReservation.sites}?scenicId=${qsh}`);
    expect(sites.statusCode, sites.body).toBe(200);
    expect(sites.headers['cache-control']).toBe('public, max-age=60');
    expect(data(sites)).toEqual(data(await channel('GET', open.sites)));
    const theirs = data<{ name: string }[]>(
      await t.call(null, 'GET', `${publicReservation.sites}?scenicId=${ylgz}`),
    );
    expect(theirs.map((s) => s.name)).not.toContain('渠道测试馆');

    const url = `${publicReservation.sessions}?scenicId=${qsh}&siteId=${site.id}&date=${MONDAY}`;
    const sessions = await t.call(null, 'GET', url);
    expect(sessions.headers['cache-control']).toBe('public, max-age=10');
    expect(data(sessions)).toEqual(
      data(await channel('GET', `${open.sessions}?siteId=${site.id}&date=${MONDAY}`)),
    );
    // another area's site is not found through this area
    expectStatus(
      await t.call(
        null,
        'GET',
        `${publicReservation.sessions}?scenicId=${ylgz}&siteId=${site.id}&date=${MONDAY}`,
      ),
      404,
    );
    expectStatus(
      await t.call(null, 'GET', `${publicReservation.sessions}?scenicId=${qsh}&siteId=${site.id}&date=3.10`),
      400,
      'date',
    );
  });

  it('books a place once per Idempotency-Key and refuses a second booking of the same visitor', async () => {
    await at(shanghai(MONDAY, '10:00'));
    const session = await sessionAt(site.id, day(1), '09:00');
    const body = { sessionId: session.id, visitorName: '王芳', phone: '13900001111' };
    const first = data<OpenBooking>(await book(body, 'same-key'));
    const replay = data<OpenBooking>(await book(body, 'same-key'));
    expect(replay).toEqual(first);
    expect(first).toMatchObject({ status: 0, date: day(1), startTime: '09:00', siteName: '渠道测试馆' });
    expect(first.code).toMatch(/^[1-9]\d{11}$/);
    expect((await sessionAt(site.id, day(1), '09:00')).booked).toBe(1);
    // SMS template 8 queued with the booking, once although the call was replayed
    const sms = rowsOf<{ recipient: string; variables: Record<string, string> }>(
      await t.database.db.execute(
        sql`select recipient, variables from outbox_messages where template = 8 and ref = ${first.code}`,
      ),
    );
    expect(sms).toHaveLength(1);
    expect(sms[0]!.recipient).toBe('13900001111');
    expect(sms[0]!.variables).toMatchObject({ name: '王芳', date: day(1), bookingCode: first.code });
    // the same key with another body is a conflict, not a second booking
    expectStatus(await book({ ...body, visitorName: '别人' }, 'same-key'), 409);

    const twice = await book({ ...body, visitorName: '王芳2' });
    expectStatus(twice, 409);
    expect(twice.json().msg).toBe('该游客已预约本场次，不能重复预约');
    expect((await sessionAt(site.id, day(1), '09:00')).booked).toBe(1);

    const query = data<OpenBooking>(await channel('GET', `${open.query}?code=${first.code}`));
    expect(query.code).toBe(first.code);
    // another channel does not see it
    expectStatus(
      await channel('GET', `${open.query}?code=${first.code}`, undefined, { token: otherClient }),
      404,
    );
  });

  it('never books more than the capacity, nor outside the window', async () => {
    await at(shanghai(MONDAY, '10:00'));
    const session = await sessionAt(site.id, day(2), '14:00');
    data<OpenBooking>(await book({ sessionId: session.id, visitorName: 'A', phone: '13900002221' }));
    data<OpenBooking>(await book({ sessionId: session.id, visitorName: 'B', phone: '13900002222' }));
    const full = await book({ sessionId: session.id, visitorName: 'C', phone: '13900002223' });
    expectStatus(full, 409);
    expect(full.json().msg).toBe('该场次已约满');

    // 3 days ahead: day(4) opens at 00:00 of day(1)
    const early = await book({
      sessionId: (await sessionAt(site.id, day(4), '09:00')).id,
      visitorName: 'D',
      phone: '13900002224',
    });
    expectStatus(early, 409);
    expect(early.json().msg).toBe(`该场次 ${day(1)} 00:00 起开放预约`);
    // closes 30 minutes before the start
    await at(shanghai(MONDAY, '13:31'));
    const late = await book({
      sessionId: (await sessionAt(site.id, MONDAY, '14:00')).id,
      visitorName: 'E',
      phone: '13900002225',
    });
    expectStatus(late, 409);
    expect(late.json().msg).toBe(`该场次的预约已于 ${MONDAY} 13:30 截止`);
  });

  it('requires a valid ID number where the site requires real names, and counts the visitor by it', async () => {
    await at(shanghai(MONDAY, '10:00'));
    const session = await sessionAt(realName.id, day(1), '14:00');
    expectStatus(
      await book({ sessionId: session.id, visitorName: '实名', phone: '13900003333' }),
      400,
      'idNumber',
    );
    expectStatus(
      await book({
        sessionId: session.id,
        visitorName: '实名',
        phone: '13900003333',
        idNumber: '110101199001011234',
      }),
      400,
      'idNumber',
    );
    expectStatus(await book({ sessionId: session.id, visitorName: '实名', phone: 'abc' }), 400, 'phone');
    const ok = data<OpenBooking>(
      await book({ sessionId: session.id, visitorName: '实名', phone: '13900003333', idNumber: idNumber(1) }),
    );
    expect(ok.idNumber).toMatch(/^1101\*+\d{3}[\dX]$/);
    // same ID number, another phone: the same visitor
    expectStatus(
      await book({ sessionId: session.id, visitorName: '实名', phone: '13900003334', idNumber: idNumber(1) }),
      409,
    );
    // same phone, another ID number: another visitor
    data<OpenBooking>(
      await book({ sessionId: session.id, visitorName: '家属', phone: '13900003333', idNumber: idNumber(2) }),
    );
    expect((await sessionAt(realName.id, day(1), '14:00')).booked).toBe(2);
  });

  it('cancels until the session starts, giving the place back; a cancelled visitor may book again', async () => {
    await at(shanghai(MONDAY, '10:00'));
    const session = await sessionAt(site.id, day(3), '09:00');
    const a = data<OpenBooking>(
      await book({ sessionId: session.id, visitorName: 'A', phone: '13900004441' }),
    );
    const b = data<OpenBooking>(
      await book({ sessionId: session.id, visitorName: 'B', phone: '13900004442' }),
    );
    expect((await sessionAt(site.id, day(3), '09:00')).booked).toBe(2);

    const cancelled = data<OpenBooking>(
      await channel('POST', open.cancel, { code: a.code }, { key: 'cancel-a' }),
    );
    expect(cancelled.status).toBe(2);
    // replayed with the same key: the same answer, the place returned once
    expect(
      data<OpenBooking>(await channel('POST', open.cancel, { code: a.code }, { key: 'cancel-a' })),
    ).toEqual(cancelled);
    expect((await sessionAt(site.id, day(3), '09:00')).booked).toBe(1);
    const again = await channel('POST', open.cancel, { code: a.code });
    expectStatus(again, 409);
    expect(again.json().msg).toBe('只有“已预约”状态的预约可以取消');
    // another channel cannot cancel it
    expectStatus(await channel('POST', open.cancel, { code: b.code }, { token: otherClient }), 404);
    data<OpenBooking>(await book({ sessionId: session.id, visitorName: 'A', phone: '13900004441' }));

    await at(shanghai(day(3), '09:00'));
    const started = await channel('POST', open.cancel, { code: b.code });
    expectStatus(started, 409);
    expect(started.json().msg).toBe(`场次已于 ${day(3)} 09:00 开始，不能取消`);
    expect((await sessionAt(site.id, day(3), '09:00')).booked).toBe(2);
  });

  it('refuses a client that does not sell, and a call without an Idempotency-Key', async () => {
    const dashboard = await t.clientToken('dataManagement');
    expectStatus(await channel('GET', open.sites, undefined, { token: dashboard }), 403);
    const res = await t.call(
      client,
      'POST',
      open.create,
      { sessionId: 1, visitorName: 'A', phone: '13900000000' },
      {
        'x-scenic-id': String(qsh),
      },
    );
    expectStatus(res, 400, 'idempotency-key');
  });
});

describe('bookings (/Make/message)', () => {
  let site: SiteRow;
  beforeAll(async () => {
    site = await createSite({ name: '核销测试馆', capacity: 10, daysAhead: 7 });
    await generateWeek(site.id);
  });

  it('lists bookings masked, filters them, and exports them', async () => {
    await at(shanghai(MONDAY, '07:00'));
    const s = await sessionAt(site.id, day(1), '09:00');
    const b = data<OpenBooking>(await book({ sessionId: s.id, visitorName: '列表', phone: '13712345678' }));
    vi.useRealTimers();
    const byCode = data<{ rows: BookingRow[] }>(
      await call('admin', 'POST', reservationApi.page, { code: b.code }),
    );
    expect(byCode.rows).toHaveLength(1);
    expect(byCode.rows[0]).toMatchObject({
      siteName: '核销测试馆',
      date: day(1),
      startTime: '09:00',
      phone: '137****5678',
      channel: 16,
      status: 0,
      arrivedAt: null,
    });
    const byPhone = data<{ total: number }>(
      await call('admin', 'POST', reservationApi.page, { phone: '13712345678' }),
    );
    expect(byPhone.total).toBe(1);
    const byDay = data<{ rows: BookingRow[] }>(
      await call('admin', 'POST', reservationApi.page, {
        siteId: site.id,
        dateFrom: day(1),
        dateTo: day(1),
        status: 0,
      }),
    );
    expect(byDay.rows.map((r) => r.code)).toEqual([b.code]);
    expect(
      data<{ total: number }>(
        await call('admin', 'POST', reservationApi.page, { siteId: site.id, dateFrom: day(2) }),
      ).total,
    ).toBe(0);
    expectStatus(await call('admin', 'POST', reservationApi.page, { status: 4 }), 400, 'status');
    const res = await call('admin', 'POST', reservationApi.export, { code: b.code });
    expect(res.statusCode, res.body).toBe(200);
    const text = xlsxText(res.rawPayload);
    expect(text).toContain('137****5678');
    expect(text).not.toContain('13712345678');
  });

  it('marks a booking arrived on its session day only, once', async () => {
    await at(shanghai(MONDAY, '07:00'));
    const s = await sessionAt(site.id, day(2), '14:00');
    const b = data<OpenBooking>(await book({ sessionId: s.id, visitorName: '到场', phone: '13700000001' }));
    const [row] = data<{ rows: BookingRow[] }>(
      await call('admin', 'POST', reservationApi.page, { code: b.code }),
    ).rows;
    const early = await call('admin', 'POST', reservationApi.arrive, { id: row!.id });
    expectStatus(early, 409);
    expect(early.json().msg).toBe(`只能在场次当天（${day(2)}）核销到场`);

    await at(shanghai(day(2), '13:50'));
    const arrived = data<BookingRow>(await call('admin', 'POST', reservationApi.arrive, { id: row!.id }));
    expect(arrived).toMatchObject({ status: 1, arrivedAt: shanghai(day(2), '13:50').toISOString() });
    expectStatus(await call('admin', 'POST', reservationApi.arrive, { id: row!.id }), 409);
    expectStatus(await call('admin', 'POST', reservationApi.cancel, { id: row!.id }), 409);
    // arrived still holds its place
    expect((await sessionAt(site.id, day(2), '14:00')).booked).toBe(1);
    expectStatus(await call('admin', 'POST', reservationApi.arrive, { id: 999999 }), 404);
    expectStatus(await call('admin', 'POST', reservationApi.arrive, {}), 400, 'id');
    // one audit row of the move (none of the refused ones)
    const audit = data<{ rows: { targetType: string; targetId: string }[] }>(
      await call('admin', 'POST', auditLogApi.page, { module: 'reservations', action: 'arrive', limit: 100 }),
    );
    expect(audit.rows.filter((r) => r.targetId === String(row!.id)).map((r) => r.targetType)).toEqual([
      'reservation',
    ]);
  });

  it('cancels from the console before the start', async () => {
    await at(shanghai(MONDAY, '07:00'));
    const s = await sessionAt(site.id, day(4), '09:00');
    const b = data<OpenBooking>(await book({ sessionId: s.id, visitorName: '取消', phone: '13700000002' }));
    const [row] = data<{ rows: BookingRow[] }>(
      await call('admin', 'POST', reservationApi.page, { code: b.code }),
    ).rows;
    expect(data<BookingRow>(await call('admin', 'POST', reservationApi.cancel, { id: row!.id })).status).toBe(
      2,
    );
    expect((await sessionAt(site.id, day(4), '09:00')).booked).toBe(0);
  });

  it('expires unattended bookings once their session has ended, on the area clock', async () => {
    await at(shanghai(MONDAY, '07:00'));
    const s = await sessionAt(site.id, day(5), '09:00');
    const kept = data<OpenBooking>(
      await book({ sessionId: s.id, visitorName: '过期', phone: '13700000003' }),
    );
    const db = t.database.db;
    const stateOf = async () =>
      data<{ rows: BookingRow[] }>(await call('admin', 'POST', reservationApi.page, { code: kept.code }))
        .rows[0]!.status;

    // 09:59:59 on the Shanghai clock: the session (09:00-10:00) has not ended
    await runReservationJobs(db, new Date(shanghai(day(5), '10:00').getTime() - 1000));
    expect(await stateOf()).toBe(0);
    const result = await runReservationJobs(db, shanghai(day(5), '10:00'));
    expect(result!.expired).toBeGreaterThanOrEqual(1);
    expect(await stateOf()).toBe(3);
    expect((await sessionAt(site.id, day(5), '09:00')).booked).toBe(0);
    // a second pass changes nothing
    expect((await runReservationJobs(db, shanghai(day(5), '10:00')))!.expired).toBe(0);
    expectStatus(
      await call('admin', 'POST', reservationApi.arrive, { id: (await bookingId(kept.code))! }),
      409,
    );
  });

  it('admits a booking by its code at an entry gate: arrived with the gate event, refused on another day or twice', async () => {
    await at(shanghai(MONDAY, '07:00'));
    const s = await sessionAt(site.id, day(6), '14:00');
    const b = data<OpenBooking>(await book({ sessionId: s.id, visitorName: '闸机', phone: '13700000004' }));
    const gateToken = (await t.deviceToken(qsh, 'handManagement')).token;
    const byCode = new Map((await t.database.db.select().from(gates)).map((g) => [g.code, g.id]));
    let nonce = 0;
    const scan = async (gate: string, scannedAt: Date) => {
      const res = await t.call(
        gateToken,
        'POST',
        '/api/gate/scan',
        {
          gateId: byCode.get(gate),
          deviceId: `dev-${gate}`,
          nonce: `n-${++nonce}`,
          readMode: 1,
          value: b.code,
          scannedAt: scannedAt.toISOString(),
        },
        { 'x-scenic-id': String(qsh) },
      );
      return data<{ allowed: boolean; reason?: string }>(res);
    };
    expect(await scan('S-IN-01', shanghai(day(5), '13:55'))).toMatchObject({
      allowed: false,
      reason: 'notToday',
    });
    expect(await scan('S-OUT-01', shanghai(day(6), '13:55'))).toMatchObject({
      allowed: false,
      reason: 'wrongGate',
    });
    expect(await bookingStatus(b.code)).toBe(0);
    expect(await scan('S-IN-01', shanghai(day(6), '13:55'))).toMatchObject({ allowed: true });
    expect(await bookingStatus(b.code)).toBe(1);
    expect(await scan('S-IN-01', shanghai(day(6), '13:56'))).toMatchObject({
      allowed: false,
      reason: 'used',
    });
    // a gate of another area does not know the code
    const [ylGate] = await t.database.db
      .insert(gates)
      .values({ scenicId: ylgz, code: 'RES-YL-IN', name: '书院入口', gateType: 10 })
      .returning();
    const ylHandheld = (await t.deviceToken(ylgz, 'handManagement')).token;
    const other = await t.call(
      ylHandheld,
      'POST',
      '/api/gate/scan',
      {
        gateId: ylGate!.id,
        deviceId: 'dev-yl',
        nonce: 'n-yl',
        readMode: 1,
        value: b.code,
        scannedAt: shanghai(day(6), '13:57').toISOString(),
      },
      { 'x-scenic-id': String(ylgz) },
    );
    expect(data<{ allowed: boolean; reason?: string }>(other)).toMatchObject({
      allowed: false,
      reason: 'unknown',
    });
  });

  async function bookingStatus(code: string) {
    return data<{ rows: BookingRow[] }>(await call('admin', 'POST', reservationApi.page, { code })).rows[0]
      ?.status;
  }

  async function bookingId(code: string) {
    return data<{ rows: BookingRow[] }>(await call('admin', 'POST', reservationApi.page, { code })).rows[0]
      ?.id;
  }
});

describe("each area's bookings to itself", () => {
  it('hides and refuses another area’s sites, sessions and bookings', async () => {
    const own = await createSite({ name: '云岭书院', capacity: 5 }, 'yunling');
    const mine = data<{ rows: SiteRow[] }>(await call('yunling', 'POST', siteApi.page, { limit: 100 }));
    expect(mine.rows.map((r) => r.name)).toContain('云岭书院');
    expect(mine.rows.map((r) => r.name)).not.toContain('渠道测试馆');

    const qshSite = data<{ rows: SiteRow[] }>(
      await call('admin', 'POST', siteApi.page, { name: '渠道测试馆' }),
    ).rows[0]!;
    expectStatus(await call('yunling', 'GET', `${siteApi.query}?id=${qshSite.id}`), 404);
    expectStatus(await call('yunling', 'POST', siteApi.status, { ids: [qshSite.id], status: 2 }), 404);
    expectStatus(
      await call('yunling', 'POST', sessionApi.generate, {
        siteId: qshSite.id,
        dateFrom: MONDAY,
        dateTo: MONDAY,
        weekdays: [1],
        slots: [{ startTime: '08:00', endTime: '09:00' }],
      }),
      404,
    );
    const qshSession = (await sessionsOf(qshSite.id)).rows[0]!;
    expect((await sessionsOf(qshSite.id, 'yunling')).total).toBe(0);
    expectStatus(await call('yunling', 'POST', sessionApi.update, { id: qshSession.id, capacity: 50 }), 404);
    expectStatus(await call('yunling', 'POST', sessionApi.status, { ids: [qshSession.id], status: 2 }), 404);

    const qshBooking = data<{ rows: BookingRow[] }>(
      await call('admin', 'POST', reservationApi.page, { siteId: qshSite.id, limit: 10 }),
    ).rows[0]!;
    const seen = data<{ rows: BookingRow[] }>(
      await call('yunling', 'POST', reservationApi.page, { limit: 400 }),
    );
    expect(seen.rows.map((r) => r.id)).not.toContain(qshBooking.id);
    expectStatus(await call('yunling', 'POST', reservationApi.arrive, { id: qshBooking.id }), 404);
    expectStatus(await call('yunling', 'POST', reservationApi.cancel, { id: qshBooking.id }), 404);
    expectStatus(await call('admin', 'GET', `${siteApi.query}?id=${own.id}`), 404);
    // a channel acting in YLGZ cannot book a QSH session
    expectStatus(
      await channel(
        'POST',
        open.create,
        { sessionId: qshSession.id, visitorName: 'X', phone: '13600000000' },
        { scenicId: ylgz },
      ),
      404,
    );
  });
});
