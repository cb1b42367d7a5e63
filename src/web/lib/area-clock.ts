import dayjs, { type Dayjs } from 'dayjs';
import { areaDay } from '../../shared/area-clock.ts';
import { userStore } from './session.ts';

/**
 * Today on the acting area's calendar (its time zone comes with the user info), as a local
 * midnight for date pickers and default ranges: the server counts selling days, statistics and
 * settlement periods by the area's day (docs/decisions.md "One clock per area"), so staff whose
 * browser is in another zone, or past midnight in UTC, still see the area's today.
 */
export function areaToday(now: Date = new Date()): Dayjs {
  const timeZone = userStore.get()?.timeZone;
  return timeZone ? dayjs(areaDay(now, timeZone)) : dayjs(now).startOf('day');
}
