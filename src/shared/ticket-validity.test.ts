import { describe, expect, it } from 'vitest';
import { areaDayEnd, areaDayStart, areaInstant } from './area-clock.ts';
import { formatTicketValidity } from './ticket-validity.ts';

const SH = 'Asia/Shanghai';
const LA = 'America/Los_Angeles';
const dayOf = (d: string, tz = SH) => ({ validFrom: areaDayStart(d, tz), validUntil: areaDayEnd(d, tz) });
const slot = {
  validFrom: areaInstant('2026-05-01', '09:00', SH),
  validUntil: areaInstant('2026-05-01', '11:30', SH),
};

describe('formatTicketValidity', () => {
  it('0 timed: the start, date and minute', () => {
    expect(formatTicketValidity({ ...slot, validityDisplay: 0 }, SH)).toBe('2026-05-01 09:00');
  });

  it('1 single day: the day of the start, in the area’s zone', () => {
    expect(formatTicketValidity({ ...dayOf('2026-05-01'), validityDisplay: 1 }, SH)).toBe('2026-05-01');
    // the same instants read in Los Angeles are the day before
    expect(formatTicketValidity({ ...dayOf('2026-05-01'), validityDisplay: 1 }, LA)).toBe('2026-04-30');
    expect(formatTicketValidity({ ...dayOf('2026-05-01', LA), validityDisplay: 1 }, LA)).toBe('2026-05-01');
  });

  it('2 date range: first and last day (the exclusive end’s midnight is not a day of it)', () => {
    const three = { validFrom: areaDayStart('2026-05-01', SH), validUntil: areaDayEnd('2026-05-03', SH) };
    expect(formatTicketValidity({ ...three, validityDisplay: 2 }, SH)).toBe('2026-05-01 ~ 2026-05-03');
    // one day is one date
    expect(formatTicketValidity({ ...dayOf('2026-05-01'), validityDisplay: 2 }, SH)).toBe('2026-05-01');
  });

  it('3 and 4 time range with minutes; a midnight end is the day’s last minute', () => {
    expect(formatTicketValidity({ ...slot, validityDisplay: 3 }, SH)).toBe(
      '2026-05-01 09:00 ~ 2026-05-01 11:30',
    );
    expect(formatTicketValidity({ ...slot, validityDisplay: 4 }, SH)).toBe(
      '2026-05-01 09:00 ~ 2026-05-01 11:30',
    );
    expect(formatTicketValidity({ ...dayOf('2026-05-01'), validityDisplay: 3 }, SH)).toBe(
      '2026-05-01 00:00 ~ 2026-05-01 23:59',
    );
  });

  it('5 time range with seconds', () => {
    expect(formatTicketValidity({ ...slot, validityDisplay: 5 }, SH)).toBe(
      '2026-05-01 09:00:00 ~ 2026-05-01 11:30:00',
    );
    expect(formatTicketValidity({ ...dayOf('2026-05-01'), validityDisplay: 5 }, SH)).toBe(
      '2026-05-01 00:00:00 ~ 2026-05-01 23:59:59',
    );
  });

  it('accepts ISO strings; a validity text (type 6 display) is shown instead of dates', () => {
    const iso = { validFrom: slot.validFrom.toISOString(), validUntil: slot.validUntil.toISOString() };
    expect(formatTicketValidity({ ...iso, validityDisplay: 1 }, SH)).toBe('2026-05-01');
    expect(formatTicketValidity({ ...iso, validityDisplay: 1, validityText: '当日有效' }, SH)).toBe(
      '当日有效',
    );
  });

  it('without a zone, reads the runtime’s local clock (the console)', () => {
    const local = new Date(2026, 4, 1, 9, 5, 7);
    const until = new Date(2026, 4, 1, 10, 0, 0);
    expect(formatTicketValidity({ validFrom: local, validUntil: until, validityDisplay: 5 })).toBe(
      '2026-05-01 09:05:07 ~ 2026-05-01 10:00:00',
    );
  });
});
