import type { Db } from '../../db/client.ts';
import { addDays, areaDay, areaTime, areaTimeZone } from '../../lib/area-clock.ts';
import { occupancy, trafficCells } from './gate-traffic.ts';

/**
 * The dashboard's gate figures (issue 34), from the gate log's hourly rollup: plain functions the
 * dashboard's extension point calls with the acting area. Days are the area's days.
 */

/** Same day last year: the calendar day a year before (29 February: the 28th). */
export function sameDayLastYear(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const candidate = `${y - 1}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
  return m === 2 && d === 29 ? `${y - 1}-02-28` : candidate;
}

/** People in the park now: today's entries less exits hour by hour, never below 0 (as the report's peak). */
export async function visitorsInParkNow(db: Db, scenicId: number, now = new Date()): Promise<number> {
  const timeZone = await areaTimeZone(db, scenicId);
  const today = areaDay(now, timeZone);
  const cells = await trafficCells(db, scenicId, timeZone, { from: today, to: today });
  return occupancy(cells, Number(areaTime(now, timeZone).slice(0, 2))).inside;
}

/** Entries (passages into the area, every entry type) of one area day. */
export async function entriesOnDay(db: Db, scenicId: number, day: string): Promise<number> {
  const timeZone = await areaTimeZone(db, scenicId);
  const cells = await trafficCells(db, scenicId, timeZone, { from: day, to: day });
  return cells.reduce((n, c) => n + c.entries, 0);
}

/** Entries today, yesterday and the same day last year. */
export async function entriesToday(db: Db, scenicId: number, now = new Date()) {
  const today = areaDay(now, await areaTimeZone(db, scenicId));
  const [todayN, yesterday, lastYear] = await Promise.all([
    entriesOnDay(db, scenicId, today),
    entriesOnDay(db, scenicId, addDays(today, -1)),
    entriesOnDay(db, scenicId, sameDayLastYear(today)),
  ]);
  return { today: todayN, yesterday, sameDayLastYear: lastYear };
}

/** Entries per area day of the last `days` days, today included, oldest first (every day, 0 when none). */
export async function entriesPerDay(
  db: Db,
  scenicId: number,
  now = new Date(),
  days = 30,
): Promise<{ day: string; entries: number }[]> {
  const timeZone = await areaTimeZone(db, scenicId);
  const to = areaDay(now, timeZone);
  const from = addDays(to, -(days - 1));
  const cells = await trafficCells(db, scenicId, timeZone, { from, to });
  const byDay = new Map<string, number>();
  for (const c of cells) byDay.set(c.day, (byDay.get(c.day) ?? 0) + c.entries);
  return Array.from({ length: days }, (_, i) => {
    const day = addDays(from, i);
    return { day, entries: byDay.get(day) ?? 0 };
  });
}
