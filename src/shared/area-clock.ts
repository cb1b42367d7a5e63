/**
 * The clock of a scenic area (docs/decisions.md "One clock per area"): every calendar day and
 * wall-clock time of the system (selling "today", validity, gate hours, jobs, reports, exports) is
 * read in the area's IANA time zone, never in the server's. Built on Intl, so it needs no offset
 * tables and follows daylight saving where the zone has it.
 */

/** The zone of an area that chose none (the column default of scenic_areas.time_zone). */
export const DEFAULT_TIME_ZONE = 'Asia/Shanghai';

const formats = new Map<string, Intl.DateTimeFormat>();

/** One formatter per zone: creating an Intl.DateTimeFormat costs far more than using one. */
function formatOf(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formats.set(timeZone, format);
  }
  return format;
}

/** An IANA zone name ("Area/Location", or UTC) that this runtime knows; offsets like +08:00 are not. */
export function isTimeZone(name: string): boolean {
  if (!/^(UTC|[A-Za-z]+(\/[A-Za-z0-9_+-]+)+)$/.test(name)) return false;
  try {
    formatOf(name);
    return true;
  } catch {
    return false;
  }
}

/** The zones offered in the settings form: what the runtime lists, and UTC (which it leaves out). */
export function timeZoneNames(): string[] {
  const listed = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set([...listed, 'UTC', DEFAULT_TIME_ZONE])].sort();
}

/** The wall clock of `at` in the zone, as the ms of the same wall clock read as UTC. */
function wallMs(at: Date | number, timeZone: string): number {
  const ms = Number(at);
  const p: Record<string, number> = {};
  for (const part of formatOf(timeZone).formatToParts(ms))
    if (part.type !== 'literal') p[part.type] = Number(part.value);
  return (
    Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!) + (((ms % 1000) + 1000) % 1000)
  );
}

/** How far the zone's wall clock is ahead of UTC at `at`, in ms (Shanghai: 8 h). */
export function zoneOffsetMs(at: Date | number, timeZone: string): number {
  return wallMs(at, timeZone) - Number(at);
}

const iso = (wall: number) => new Date(wall).toISOString();

/** The area's calendar day of an instant, "YYYY-MM-DD". */
export function areaDay(at: Date | number, timeZone: string): string {
  return iso(wallMs(at, timeZone)).slice(0, 10);
}

/** The area's wall-clock time of an instant, "HH:mm" (as opening hours and sessions are written). */
export function areaTime(at: Date | number, timeZone: string): string {
  return iso(wallMs(at, timeZone)).slice(11, 16);
}

/** The area's day and time of an instant, "YYYY-MM-DD HH:mm" (for messages). */
export function areaDateTime(at: Date | number, timeZone: string): string {
  const wall = iso(wallMs(at, timeZone));
  return `${wall.slice(0, 10)} ${wall.slice(11, 16)}`;
}

/** A calendar day `days` after "YYYY-MM-DD" (calendar arithmetic: no zone, no DST). */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/**
 * The instant of a wall-clock time ("HH:mm" or "HH:mm:ss") on an area's day ("YYYY-MM-DD"). A time
 * the clocks skip (spring forward) is read with the offset before the change, so it lands just after
 * the gap, as PostgreSQL reads it; a time that happens twice (fall back) is the earlier one, so a
 * day starts at its first midnight.
 */
export function areaInstant(day: string, time: string, timeZone: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const [hh = 0, mm = 0, ss = 0] = time.split(':').map(Number);
  const wall = Date.UTC(y, m - 1, d, hh, mm, ss);
  // the offsets a day either side: zones change offset at most once within two days
  const before = zoneOffsetMs(wall - 86_400_000, timeZone);
  const after = zoneOffsetMs(wall + 86_400_000, timeZone);
  const candidates = [wall - before, wall - after].filter((t) => wallMs(t, timeZone) === wall);
  return new Date(candidates.length ? Math.min(...candidates) : wall - before);
}

/** The first instant of an area's day. */
export function areaDayStart(day: string, timeZone: string): Date {
  return areaInstant(day, '00:00', timeZone);
}

/** The first instant after an area's day (the start of the next one). */
export function areaDayEnd(day: string, timeZone: string): Date {
  return areaInstant(addDays(day, 1), '00:00', timeZone);
}
