import { DurationUnit } from './dict/duration.ts';
import type { Lang } from './dict/dict.ts';

/** docs/product.md §5: once a range start is picked, the end must lie within this many ms on either side of it. */
export const RANGE_LIMIT_MS = 46_656_000;

export const DAY_MS = 86_400_000;

export function isWithinRangeLimit(
  start: number | Date,
  end: number | Date,
  limitMs = RANGE_LIMIT_MS,
): boolean {
  return Math.abs(Number(end) - Number(start)) <= limitMs;
}

/**
 * docs/product.md §5: a time-range end picked to the second (its ms ending in 000) is widened by 999 ms, so
 * the whole last second is inside the range.
 */
export function endOfSecondRange(ms: number): number {
  return ms % 1000 === 0 ? ms + 999 : ms;
}

/** docs/product.md §9: over 60 minutes → "1小时5分钟" / "1 h 5 min"; 60 or less → minutes only. */
export function formatDuration(minutes: number | null | undefined, lang: Lang): string {
  if (minutes === null || minutes === undefined || !Number.isFinite(minutes) || minutes < 0) return '';
  const total = Math.round(minutes);
  const unit = (key: 'hours' | 'minutes', n: number) => DurationUnit[key][lang].replace('{n}', String(n));
  if (total <= 60) return unit('minutes', total);
  const hours = Math.floor(total / 60);
  const rest = total % 60;
  return rest
    ? [unit('hours', hours), unit('minutes', rest)].join(DurationUnit.separator[lang])
    : unit('hours', hours);
}

/**
 * docs/product.md §9 date shortcuts: today, last week (7 days), month (29), three months (89), year (364).
 * `daysBack` is how many days before today the range starts; it always ends today.
 */
export const DATE_SHORTCUTS = [
  { key: 'today', daysBack: 0 },
  { key: 'week', daysBack: 7 },
  { key: 'month', daysBack: 29 },
  { key: 'quarter', daysBack: 89 },
  { key: 'year', daysBack: 364 },
] as const;
export type DateShortcut = (typeof DATE_SHORTCUTS)[number]['key'];

/**
 * [start, end] in ms of a shortcut: the local start of the day `daysBack` days ago to the local end
 * of today (23:59:59.999). Calendar arithmetic, not 24 h steps, so a DST change does not shift it.
 */
export function shortcutRange(daysBack: number, now: number | Date = Date.now()): [number, number] {
  const start = new Date(Number(now));
  start.setHours(0, 0, 0, 0);
  start.setDate(start.getDate() - daysBack);
  const end = new Date(Number(now));
  end.setHours(23, 59, 59, 999);
  return [start.getTime(), end.getTime()];
}
