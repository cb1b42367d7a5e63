import { sql } from 'drizzle-orm';
import { DEFAULT_TIME_ZONE } from '../../shared/area-clock.ts';
import type { Db } from '../db/client.ts';
import { queryRows } from '../db/rows.ts';

export {
  DEFAULT_TIME_ZONE,
  addDays,
  areaDateTime,
  areaDay,
  areaDayEnd,
  areaDayStart,
  areaInstant,
  areaTime,
  zoneOffsetMs,
} from '../../shared/area-clock.ts';

/**
 * The IANA time zone of a scenic area (scenic_areas.time_zone); the default for an unknown area.
 * One primary-key read, for the paths that cannot fold the zone into a statement they already run
 * (the gate scan, the refund lock and the jobs read it in their own SQL). Not cached: a change of
 * zone takes effect at once on every instance.
 */
export async function areaTimeZone(db: Db, scenicId: number): Promise<string> {
  const [row] = await queryRows<{ time_zone: string }>(
    db,
    sql`select time_zone from scenic_areas where id = ${scenicId}`,
  );
  return row?.time_zone ?? DEFAULT_TIME_ZONE;
}
