import { describe, expect, it } from 'vitest';
import {
  DATE_SHORTCUTS,
  RANGE_LIMIT_MS,
  endOfSecondRange,
  formatDuration,
  isWithinRangeLimit,
  shortcutRange,
} from './dates.ts';

describe('isWithinRangeLimit', () => {
  const start = Date.UTC(2024, 0, 10, 12);

  it('uses the spec limit of 46,656,000 ms', () => {
    expect(RANGE_LIMIT_MS).toBe(46_656_000);
  });

  it('accepts ends up to the limit on either side of the start', () => {
    expect(isWithinRangeLimit(start, start)).toBe(true);
    expect(isWithinRangeLimit(start, start + RANGE_LIMIT_MS)).toBe(true);
    expect(isWithinRangeLimit(start, start - RANGE_LIMIT_MS)).toBe(true);
    expect(isWithinRangeLimit(new Date(start), new Date(start + 1000))).toBe(true);
  });

  it('rejects ends beyond the limit on either side', () => {
    expect(isWithinRangeLimit(start, start + RANGE_LIMIT_MS + 1)).toBe(false);
    expect(isWithinRangeLimit(start, start - RANGE_LIMIT_MS - 1)).toBe(false);
  });

  it('takes another limit when given', () => {
    expect(isWithinRangeLimit(start, start + 10, 5)).toBe(false);
    expect(isWithinRangeLimit(start, start + 5, 5)).toBe(true);
  });
});

describe('endOfSecondRange', () => {
  it('adds 999 ms to a value ending in 000', () => {
    expect(endOfSecondRange(1_700_000_000_000)).toBe(1_700_000_000_999);
    expect(endOfSecondRange(0)).toBe(999);
  });

  it('keeps a value that already carries milliseconds', () => {
    expect(endOfSecondRange(1_700_000_000_999)).toBe(1_700_000_000_999);
    expect(endOfSecondRange(1_700_000_000_001)).toBe(1_700_000_000_001);
  });
});

describe('formatDuration', () => {
  it.each([
    [0, '0分钟', '0 min'],
    [5, '5分钟', '5 min'],
    [60, '60分钟', '60 min'],
    [61, '1小时1分钟', '1 h 1 min'],
    [65, '1小时5分钟', '1 h 5 min'],
    [120, '2小时', '2 h'],
    [1505, '25小时5分钟', '25 h 5 min'],
  ])('%i minutes → %s / %s', (minutes, zh, en) => {
    expect(formatDuration(minutes, 'zh')).toBe(zh);
    expect(formatDuration(minutes, 'en')).toBe(en);
  });

  it('shows nothing for a missing or negative value', () => {
    expect(formatDuration(null, 'zh')).toBe('');
    expect(formatDuration(undefined, 'en')).toBe('');
    expect(formatDuration(NaN, 'zh')).toBe('');
    expect(formatDuration(-3, 'zh')).toBe('');
  });
});

describe('date shortcuts', () => {
  it('are today, 7, 29, 89 and 364 days back (docs/product.md §9)', () => {
    expect(DATE_SHORTCUTS.map((s) => [s.key, s.daysBack])).toEqual([
      ['today', 0],
      ['week', 7],
      ['month', 29],
      ['quarter', 89],
      ['year', 364],
    ]);
  });

  it('span from the start of the first day to the end of today, local time', () => {
    const now = new Date(2024, 2, 15, 14, 30, 12, 345);
    const [todayStart, todayEnd] = shortcutRange(0, now);
    expect(new Date(todayStart)).toEqual(new Date(2024, 2, 15, 0, 0, 0, 0));
    expect(new Date(todayEnd)).toEqual(new Date(2024, 2, 15, 23, 59, 59, 999));

    const [weekStart, weekEnd] = shortcutRange(7, now);
    expect(new Date(weekStart)).toEqual(new Date(2024, 2, 8));
    expect(weekEnd).toBe(todayEnd);

    // calendar days across 29 Feb 2024: 364 days before 15 March 2024 is 17 March 2023
    expect(new Date(shortcutRange(364, now)[0])).toEqual(new Date(2023, 2, 17));
  });
});
