import { and, asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { OpenSessionSchema, OpenSitesSchema } from '../../../shared/api/reservations.ts';
import { ENABLED } from '../../../shared/dict/account.ts';
import { SESSION_STATUS } from '../../../shared/dict/reservations.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { areaTimeZone } from '../../lib/area-clock.ts';
import { bookingWindow } from './reservations.service.ts';
import { reservationSessions, reservationSites } from './reservations.table.ts';

/**
 * What a visitor may book, as the channels' API and the mini-program's public read show it: the
 * enabled sites of an area, and the open sessions of one site on one day.
 */
export async function openSites(db: Db, scenicId: number): Promise<z.infer<typeof OpenSitesSchema>> {
  const sites = await db
    .select()
    .from(reservationSites)
    .where(and(eq(reservationSites.scenicId, scenicId), eq(reservationSites.status, ENABLED)))
    .orderBy(asc(reservationSites.name), asc(reservationSites.id));
  return sites.map((s) => ({
    id: s.id,
    name: s.name,
    location: s.location,
    rules: s.rules,
    realName: s.realName,
    daysAhead: s.daysAhead,
    closeMinutes: s.closeMinutes,
  }));
}

/** The open sessions of an enabled site on `date`, with the places left and whether booking is open now; 404 for another area's or a disabled site. */
export async function openSessions(
  db: Db,
  scenicId: number,
  siteId: number,
  date: string,
  now = new Date(),
): Promise<z.infer<typeof OpenSessionSchema>[]> {
  const [site] = await db
    .select()
    .from(reservationSites)
    .where(
      and(
        eq(reservationSites.id, siteId),
        eq(reservationSites.scenicId, scenicId),
        eq(reservationSites.status, ENABLED),
      ),
    );
  if (!site) throw new AppError(404, 'reservationSiteNotFound');
  const sessions = await db
    .select()
    .from(reservationSessions)
    .where(
      and(
        eq(reservationSessions.siteId, site.id),
        eq(reservationSessions.date, date),
        eq(reservationSessions.status, SESSION_STATUS.open),
      ),
    )
    .orderBy(asc(reservationSessions.startTime));
  const timeZone = await areaTimeZone(db, scenicId);
  return sessions.map((session) => {
    const { opens, closes } = bookingWindow({ session, site, timeZone });
    return {
      id: session.id,
      siteId: site.id,
      date: session.date,
      startTime: session.startTime,
      endTime: session.endTime,
      capacity: session.capacity,
      remaining: session.capacity - session.booked,
      bookable: now >= opens && now < closes && session.booked < session.capacity,
    };
  });
}
