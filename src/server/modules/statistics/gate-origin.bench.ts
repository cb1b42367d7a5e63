import { sql } from 'drizzle-orm';
import { disReportApi, disSaleApi, disTicketApi } from '../../../shared/reports/distributors.ts';
import { gateTrafficApi } from '../../../shared/reports/gate-traffic.ts';
import { originApi } from '../../../shared/reports/origin.ts';
import type { Db } from '../../db/client.ts';
import { addDays, areaDay, areaTimeZone } from '../../lib/area-clock.ts';
import { foldGateOriginRollups } from './gate-origin-rollups.ts';

/**
 * The gate, origin and distributor reports' calls for `npm run bench` (scripts/bench.ts): a year of
 * the area up to today, the rollups folded first (as the fold job leaves them) and vacuumed.
 */
export async function gateOriginBenchCases(db: Db, scenicId = 1): Promise<[string, string, unknown][]> {
  await foldGateOriginRollups(db);
  await db.execute(sql`vacuum analyze gate_traffic_hourly, origin_daily`);
  const to = areaDay(new Date(), await areaTimeZone(db, scenicId));
  const year = { from: addDays(to, -364), to };
  return [
    ['stat (entries and exits), a year', gateTrafficApi.query, year],
    ['stat, a year, tickets only', gateTrafficApi.query, { ...year, entryType: 1 }],
    ['origin, a year', originApi.query, year],
    ['disReport, a year', disReportApi.query, year],
    ['disSale, a year', disSaleApi.query, year],
    ['disTicket, a year', disTicketApi.query, year],
  ];
}
