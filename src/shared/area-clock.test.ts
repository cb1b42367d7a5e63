import { afterEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_TIME_ZONE,
  addDays,
  areaDateTime,
  areaDay,
  areaDayEnd,
  areaDayStart,
  areaInstant,
  areaTime,
  isTimeZone,
  timeZoneNames,
  zoneOffsetMs,
} from './area-clock.ts';

const processZone = process.env.TZ;
afterEach(() => {
  if (processZone === undefined) delete process.env.TZ;
  else process.env.TZ = processZone;
});

// Node reads process.env.TZ again when it changes: each case runs with the process in these zones
const PROCESS_ZONES = ['UTC', 'America/Los_Angeles', 'Asia/Shanghai', 'Pacific/Kiritimati'];

describe.each(PROCESS_ZONES)("the area's clock, whatever the process zone (%s)", (zone) => {
  it('reads the day and time of an instant in the area, not in the process', () => {
    process.env.TZ = zone;
    // 17:00 UTC is already 01:00 the next day in Shanghai
    const at = new Date('2030-06-01T17:00:00Z');
    expect(areaDay(at, 'Asia/Shanghai')).toBe('2030-06-02');
    expect(areaTime(at, 'Asia/Shanghai')).toBe('01:00');
    expect(areaDay(at, 'Europe/London')).toBe('2030-06-01');
    expect(areaTime(at, 'Europe/London')).toBe('18:00');
    expect(areaDateTime(at, 'America/New_York')).toBe('2030-06-01 13:00');
    expect(areaDay(at, 'UTC')).toBe('2030-06-01');
    expect(zoneOffsetMs(at, 'Asia/Shanghai')).toBe(8 * 3_600_000);
  });

  it('turns a day and a wall-clock time of the area into an instant', () => {
    process.env.TZ = zone;
    expect(areaInstant('2030-06-02', '07:30', 'Asia/Shanghai').toISOString()).toBe(
      '2030-06-01T23:30:00.000Z',
    );
    expect(areaInstant('2030-06-02', '23:59:59', 'Asia/Shanghai').toISOString()).toBe(
      '2030-06-02T15:59:59.000Z',
    );
    expect(areaDayStart('2030-06-02', 'Asia/Shanghai').toISOString()).toBe('2030-06-01T16:00:00.000Z');
    expect(areaDayEnd('2030-06-02', 'Asia/Shanghai').toISOString()).toBe('2030-06-02T16:00:00.000Z');
    // London keeps summer time in June, Greenwich time in January
    expect(areaDayStart('2030-06-02', 'Europe/London').toISOString()).toBe('2030-06-01T23:00:00.000Z');
    expect(areaDayStart('2030-01-02', 'Europe/London').toISOString()).toBe('2030-01-02T00:00:00.000Z');
  });
});

describe('daylight saving', () => {
  it('gives a day of 23 or 25 hours where the clocks change', () => {
    const hours = (day: string) =>
      (areaDayEnd(day, 'America/New_York').getTime() - areaDayStart(day, 'America/New_York').getTime()) /
      3_600_000;
    expect(hours('2026-03-08')).toBe(23);
    expect(hours('2026-11-01')).toBe(25);
    expect(hours('2026-06-01')).toBe(24);
  });

  it('reads a skipped time just after the gap and a repeated one as the first', () => {
    // New York skips 02:00-03:00 on 2026-03-08: 02:30 is read with the offset before (-5), 03:30 EDT
    expect(areaInstant('2026-03-08', '02:30', 'America/New_York').toISOString()).toBe(
      '2026-03-08T07:30:00.000Z',
    );
    // 01:30 happens twice on 2026-11-01: the first time (EDT, -4)
    expect(areaInstant('2026-11-01', '01:30', 'America/New_York').toISOString()).toBe(
      '2026-11-01T05:30:00.000Z',
    );
    // a zone whose day starts at 01:00 when the clocks go forward at midnight (Chile, 2026-09-06)
    const start = areaDayStart('2026-09-06', 'America/Santiago');
    expect(areaDay(start, 'America/Santiago')).toBe('2026-09-06');
    expect(areaTime(start, 'America/Santiago')).toBe('01:00');
  });
});

describe('zones', () => {
  it('accepts IANA names only', () => {
    for (const name of ['Asia/Shanghai', 'Europe/London', 'America/Argentina/Buenos_Aires', 'UTC'])
      expect(isTimeZone(name), name).toBe(true);
    for (const name of ['', '+08:00', 'GMT+8', 'CST', 'Mars/Olympus', 'Asia/Shanghai; drop table', 'asia'])
      expect(isTimeZone(name), name).toBe(false);
  });

  it('offers every zone of the runtime, the default and UTC, sorted', () => {
    const names = timeZoneNames();
    expect(names).toContain(DEFAULT_TIME_ZONE);
    expect(names).toContain('UTC');
    expect(names).toContain('Europe/London');
    expect([...names].sort()).toEqual(names);
    expect(names.every(isTimeZone)).toBe(true);
  });

  it('counts calendar days without a zone', () => {
    expect(addDays('2030-02-28', 1)).toBe('2030-03-01');
    expect(addDays('2030-03-01', -1)).toBe('2030-02-28');
    expect(addDays('2030-12-31', 1)).toBe('2031-01-01');
  });
});
