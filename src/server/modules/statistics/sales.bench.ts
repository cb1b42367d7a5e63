import { sql } from 'drizzle-orm';
import { dataAnalyseApi, dataParsApi, statAllReportApi } from '../../../shared/reports/sales.ts';
import type { Db } from '../../db/client.ts';
import { addDays, areaDay, areaTimeZone } from '../../lib/area-clock.ts';
import { foldSalesRollups } from './sales-rollup.ts';

/**
 * The sales reports' calls for `npm run bench` (scripts/bench.ts): a year of the area up to today.
 * Folds the rollups first, as the fold job leaves them on a live database (every 30 s), and vacuums them.
 */
export async function salesBenchCases(db: Db, scenicId = 1): Promise<[string, string, unknown][]> {
  await foldSalesRollups(db);
  await db.execute(sql`vacuum analyze sales_daily, sales_orders_daily, sales_hourly`);
  const to = areaDay(new Date(), await areaTimeZone(db, scenicId));
  const year = { from: addDays(to, -364), to };
  return [
    ['dataPars, a year', dataParsApi.query, year],
    ['dataPars, a year, one channel', dataParsApi.query, { ...year, channel: 1 }],
    ['dataAnalyse, a year by day', dataAnalyseApi.query, year],
    ['dataAnalyse, a year by month', dataAnalyseApi.query, { ...year, step: 'month' }],
    ['statAllReport, a year', statAllReportApi.query, year],
  ];
}
