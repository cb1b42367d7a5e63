import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gateTrafficApi } from '../../../shared/reports/gate-traffic.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { addDays, areaInstant, areaTimeZone } from '../../lib/area-clock.ts';
import { seededRandom } from '../../lib/seeded-random.ts';
import { demoAreas } from '../../test/areas.ts';
import { expectXlsx } from '../../test/export.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { expect400 } from '../../test/replies.ts';
import { entriesPerDay, entriesToday, sameDayLastYear, visitorsInParkNow } from './gate-figures.ts';
import { foldGateOriginRollups, gateOriginMismatches } from './gate-origin-rollups.ts';
import { gateIdsOf, insertGateEvents, report, totalOf, type TestGateEvent } from './gate-origin.fixture.ts';

let t: TestApp;
let db: Db;
let qsh: number;
let ylgz: number;
let tz: string;
const tok: Record<string, string> = {};

// the random workload's days, and a hand-made day for the peak: after the demo's own gate events
const FROM = '2027-05-01';
const TO = '2027-05-03';
const PEAK_DAY = '2027-06-10';

async function randomEvents(scenicId: number, count: number, seed: number): Promise<TestGateEvent[]> {
  const r = seededRandom(seed);
  const gates = await gateIdsOf(db, scenicId);
  const start = areaInstant(FROM, '00:00', tz).getTime();
  return Array.from({ length: count }, () => ({
    gateId: r.next() < 0.1 ? null : r.pick(gates),
    direction: r.pick(['entry', 'entry', 'exit', 'denied'] as const),
    entryType: r.pick([1, 1, 1, 2, 3, null]),
    at: new Date(start + r.int(0, 3 * 86_400_000 - 1)),
  }));
}

/** The facts: passages of the area in the period of area days, counted straight from the gate log. */
async function facts(scenicId: number, from: string, to: string, entryType?: number) {
  const [row] = await queryRows<Record<string, number>>(
    db,
    sql`select count(*) filter (where direction = 'entry')::int as entries,
        count(*) filter (where direction = 'exit')::int as exits, count(*) filter (where direction = 'denied')::int as denied
      from gate_events where scenic_id = ${scenicId}
        and scanned_at >= ${areaInstant(from, '00:00', tz).toISOString()}::timestamptz
        and scanned_at < ${areaInstant(addDays(to, 1), '00:00', tz).toISOString()}::timestamptz
        ${entryType ? sql`and entry_type = ${entryType}` : sql``}`,
  );
  return row!;
}

beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db;
  ({ qsh, ylgz } = await demoAreas(db));
  tz = await areaTimeZone(db, qsh);
  for (const who of ['admin', 'staff', 'agent', 'yunling']) tok[who] = (await t.login(who)).access_token;
  await t.grant('yunling', ['admin:stat:stat']);
  // half, a fold, the other half: the rollup holds folded rows and fresh deltas
  await insertGateEvents(db, qsh, await randomEvents(qsh, 300, 1));
  await insertGateEvents(db, ylgz, await randomEvents(ylgz, 200, 2));
  await foldGateOriginRollups(db);
  await insertGateEvents(db, qsh, await randomEvents(qsh, 300, 3));
  const [gate] = await gateIdsOf(db, qsh);
  const at = (time: string, direction: TestGateEvent['direction'], times: number) =>
    Array.from({ length: times }, () => ({
      gateId: gate!,
      direction,
      entryType: 1,
      at: areaInstant(PEAK_DAY, time, tz),
    }));
  await insertGateEvents(db, qsh, [
    ...at('08:10', 'entry', 3),
    ...at('08:40', 'exit', 1),
    ...at('09:15', 'entry', 2),
    ...at('10:05', 'exit', 4),
    ...at('23:59', 'exit', 9), // more exits than people: the count stays at 0
  ]);
  // the day before: one entry
  await insertGateEvents(db, qsh, [
    { gateId: gate!, direction: 'entry', entryType: 1, at: areaInstant(addDays(PEAK_DAY, -1), '12:00', tz) },
  ]);
});
afterAll(() => t.close());

describe('the gate rollup (gate_traffic_hourly)', () => {
  it('equals the gate log after random events, folded or not, in every area', async () => {
    expect(await gateOriginMismatches(db)).toEqual([]);
    await foldGateOriginRollups(db);
    expect(await gateOriginMismatches(db)).toEqual([]);
    // folded: one row per key
    const [dup] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from (select 1 from gate_traffic_hourly
        group by scenic_id, hour, gate_id, entry_type having count(*) > 1) d`,
    );
    expect(dup!.n).toBe(0);
  });
});

describe('/statAnalyse/stat', () => {
  it('answers the totals of the gate log, by day, hour and gate', async () => {
    const res = await report(t, tok.admin!, gateTrafficApi.query, { from: FROM, to: TO });
    const expected = await facts(qsh, FROM, TO);
    expect(expected.entries).toBeGreaterThan(100);
    expect(res.figures).toMatchObject(expected);
    for (const table of ['days', 'hours', 'gates'])
      expect(totalOf(res.tables[table]), table).toMatchObject(expected);
    expect(res.tables.days!.length).toBe(3 + 1);
    for (const row of res.tables.days!.slice(0, -1))
      expect(row.entries, String(row.day)).toBe((await facts(qsh, String(row.day), String(row.day))).entries);
    // one entry type
    const tickets = await report(t, tok.admin!, gateTrafficApi.query, { from: FROM, to: TO, entryType: 1 });
    expect(tickets.figures).toMatchObject(await facts(qsh, FROM, TO, 1));
    expect(tickets.figures.entries).toBeLessThan(expected.entries!);
  });

  it('counts the peak inside hour by hour and compares with the period before', async () => {
    const res = await report(t, tok.admin!, gateTrafficApi.query, { from: PEAK_DAY, to: PEAK_DAY });
    expect(res.figures).toMatchObject({ entries: 5, exits: 14, peak: 4, entriesPrevious: 1 });
    expect(res.tables.days![0]).toMatchObject({ day: PEAK_DAY, peak: 4, peakHour: '09:00' });
    expect(res.tables.hours!.map((r) => r.hour)).toEqual([
      ...Array.from({ length: 16 }, (_, i) => `${String(i + 8).padStart(2, '0')}:00`),
      null,
    ]);
  });

  it('exports a table as .xlsx', async () => {
    const res = await t.call(tok.admin!, 'POST', gateTrafficApi.export, {
      from: PEAK_DAY,
      to: PEAK_DAY,
      table: 'days',
    });
    expect(expectXlsx(res, '入园统计')).toContain(PEAK_DAY);
  });

  it('refuses a bad period, entry type or table', async () => {
    expect400(await t.call(tok.admin!, 'POST', gateTrafficApi.query, { from: TO, to: FROM }), 'to');
    expect400(await t.call(tok.admin!, 'POST', gateTrafficApi.query, { from: '2025-01-01', to: TO }), 'to');
    expect400(await t.call(tok.admin!, 'POST', gateTrafficApi.query, { to: TO }), 'from');
    expect400(
      await t.call(tok.admin!, 'POST', gateTrafficApi.query, { from: FROM, to: TO, entryType: 7 }),
      'entryType',
    );
    expect400(
      await t.call(tok.admin!, 'POST', gateTrafficApi.export, { from: FROM, to: TO, table: 'x' }),
      'table',
    );
  });

  it('refuses callers without the permission, and distributors', async () => {
    for (const who of ['staff', 'agent']) {
      const res = await t.call(tok[who]!, 'POST', gateTrafficApi.query, { from: FROM, to: TO });
      expect(res.statusCode, who).toBe(403);
    }
  });

  it('counts only the acting area', async () => {
    const other = await report(t, tok.yunling!, gateTrafficApi.query, { from: FROM, to: TO });
    expect(other.figures).toMatchObject(await facts(ylgz, FROM, TO));
    const asAdmin = await report(
      t,
      tok.admin!,
      gateTrafficApi.query,
      { from: FROM, to: TO },
      { 'x-scenic-id': String(ylgz) },
    );
    expect(asAdmin.figures.entries).toBe(other.figures.entries);
    expect(other.figures.entries).not.toBe((await facts(qsh, FROM, TO)).entries);
  });
});

describe('the dashboard figures (gate-figures.ts)', () => {
  const now = () => areaInstant(PEAK_DAY, '09:30', tz);

  it('counts the people inside now, hour by hour', async () => {
    expect(await visitorsInParkNow(db, qsh, now())).toBe(4);
    expect(await visitorsInParkNow(db, qsh, areaInstant(PEAK_DAY, '10:30', tz))).toBe(0);
  });

  it('counts entries today, yesterday, a year ago and per day', async () => {
    const lastYear = sameDayLastYear(PEAK_DAY);
    expect(await entriesToday(db, qsh, now())).toEqual({
      today: 5,
      yesterday: 1,
      sameDayLastYear: (await facts(qsh, lastYear, lastYear)).entries,
    });
    const days = await entriesPerDay(db, qsh, now());
    expect(days).toHaveLength(30);
    expect(days.at(-1)).toEqual({ day: PEAK_DAY, entries: 5 });
    expect(days.at(-2)).toEqual({ day: addDays(PEAK_DAY, -1), entries: 1 });
    expect(sameDayLastYear('2028-02-29')).toBe('2027-02-28');
  });
});

describe('an area on a clock that changes (America/Los_Angeles)', () => {
  it('reads the hours of the day the clocks go forward on the area’s clock', async () => {
    await db.execute(sql`update scenic_areas set time_zone = 'America/Los_Angeles' where id = ${ylgz}`);
    const zone = 'America/Los_Angeles';
    const day = '2027-03-14'; // 02:00 → 03:00
    const [gate] = await gateIdsOf(db, ylgz);
    const event = (time: string, direction: TestGateEvent['direction'], d = day) => ({
      gateId: gate!,
      direction,
      entryType: 1,
      at: areaInstant(d, time, zone),
    });
    await insertGateEvents(db, ylgz, [
      event('01:30', 'entry'),
      event('03:30', 'entry'),
      event('23:30', 'exit'),
      event('00:30', 'entry', addDays(day, 1)),
    ]);
    const res = await report(t, tok.yunling!, gateTrafficApi.query, { from: day, to: day });
    expect(res.tables.days![0]).toMatchObject({ day, entries: 2, exits: 1, peak: 2, peakHour: '03:00' });
    const hours = Object.fromEntries(res.tables.hours!.map((r) => [r.hour, r.entries]));
    expect(hours).toMatchObject({ '01:00': 1, '02:00': 0, '03:00': 1, '23:00': 0 });
  });
});
