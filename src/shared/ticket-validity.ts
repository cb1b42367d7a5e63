import { zoneOffsetMs } from './area-clock.ts';

/**
 * A ticket's validity as the product's validity display says to show it (docs/product.md §4:
 * 0 timed, date and minute; 1 single day; 2 date range; 3 and 4 time range with minutes; 5 time
 * range with seconds). One formatter for every screen, export and print (docs/decisions.md "Ticket
 * validity display").
 */
export interface TicketValidity {
  /** ISO instant: the first moment the ticket is valid */
  validFrom: string | Date;
  /** ISO instant: the first moment after it (exclusive, as stored: a day ends at the next midnight) */
  validUntil: string | Date;
  /** ValidityDisplay 0-5 of the product; an unknown code shows as a time range with minutes */
  validityDisplay: number;
  /** Validity type 6 (display): a free text shown instead of dates, when it has one */
  validityText?: string | null;
}

/**
 * The wall clock of an instant: in the area's zone when given (server: exports, prints), else in
 * the runtime's local zone (the console, as every other time it shows).
 */
function wall(at: string | Date, timeZone: string | undefined): string {
  const ms = typeof at === 'string' ? Date.parse(at) : at.getTime();
  const offset = timeZone ? zoneOffsetMs(ms, timeZone) : -new Date(ms).getTimezoneOffset() * 60_000;
  // "YYYY-MM-DDTHH:mm:ss.sssZ" of the wall clock read as UTC
  return new Date(ms + offset).toISOString();
}

const day = (w: string) => w.slice(0, 10);
const minute = (w: string) => `${w.slice(0, 10)} ${w.slice(11, 16)}`;
const second = (w: string) => `${w.slice(0, 10)} ${w.slice(11, 19)}`;

/** The last moment of a validity (its exclusive end less 1 ms): a whole day's end is still that day. */
const lastMoment = (until: string | Date) =>
  new Date((typeof until === 'string' ? Date.parse(until) : until.getTime()) - 1);

/** The end of a time range: the exclusive end itself, unless it is a midnight (then the day's 23:59[:59]). */
function rangeEnd(until: string | Date, timeZone: string | undefined, seconds: boolean): string {
  const end = wall(until, timeZone);
  const atMidnight = end.slice(11, 19) === '00:00:00';
  const w = atMidnight ? wall(lastMoment(until), timeZone) : end;
  return seconds ? second(w) : minute(w);
}

/** "2026-05-01", "2026-05-01 ~ 2026-05-03", "2026-05-01 09:00 ~ 2026-05-01 11:30", … */
export function formatTicketValidity(v: TicketValidity, timeZone?: string): string {
  if (v.validityText) return v.validityText;
  const from = wall(v.validFrom, timeZone);
  switch (v.validityDisplay) {
    case 0:
      return minute(from);
    case 1:
      return day(from);
    case 2: {
      const last = day(wall(lastMoment(v.validUntil), timeZone));
      return last > day(from) ? `${day(from)} ~ ${last}` : day(from);
    }
    case 5:
      return `${second(from)} ~ ${rangeEnd(v.validUntil, timeZone, true)}`;
    default:
      return `${minute(from)} ~ ${rangeEnd(v.validUntil, timeZone, false)}`;
  }
}
