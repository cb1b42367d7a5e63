import { sql, type SQL } from 'drizzle-orm';
import type { Lang } from '../../../shared/dict/dict.ts';

/** `(a, b, c)` for an `in` list of numbers. */
export function sqlList(values: readonly number[]): SQL {
  return sql`(${sql.join(
    values.map((v) => sql`${v}::int`),
    sql`, `,
  )})`;
}

const DAY_MS = 86_400_000;
const utc = (date: string) => Date.parse(`${date}T00:00:00Z`);
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** 0 Sunday … 6 Saturday of a calendar date. */
export function weekdayOf(date: string): number {
  return new Date(utc(date)).getUTCDay();
}

/** The dates from `from` to `to` (both included) that fall on one of `weekdays`. */
export function datesOf(from: string, to: string, weekdays: readonly number[]): string[] {
  const out: string[] = [];
  for (let ms = utc(from); ms <= utc(to); ms += DAY_MS) {
    if (weekdays.includes(new Date(ms).getUTCDay())) out.push(iso(ms));
  }
  return out;
}

/** The first few dates of a conflict for a message, then "… N in all". */
export function listDates(dates: readonly string[], lang: Lang, shown = 8): string {
  const head = dates.slice(0, shown).join(lang === 'zh' ? '、' : ', ');
  if (dates.length <= shown) return head;
  return lang === 'zh' ? `${head} 等 ${dates.length} 项` : `${head} … (${dates.length} in all)`;
}
