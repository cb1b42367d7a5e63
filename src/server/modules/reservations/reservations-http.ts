import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { reservationSites } from './reservations.table.ts';

export /** Site names by id, for the rows of sessions and bookings. */
async function siteNames(db: Db, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const found = await db
    .select({ id: reservationSites.id, name: reservationSites.name })
    .from(reservationSites)
    .where(inArray(reservationSites.id, [...new Set(ids)]));
  return new Map(found.map((s) => [s.id, s.name]));
}
