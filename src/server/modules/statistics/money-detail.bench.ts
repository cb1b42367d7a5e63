import { sql } from 'drizzle-orm';
import { detailReportApi } from '../../../shared/reports/detail-report.ts';
import { particularsApi } from '../../../shared/reports/particulars.ts';
import { rechargeStatApi } from '../../../shared/reports/recharge-stat.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { addDays, areaDay, areaTimeZone } from '../../lib/area-clock.ts';
import { foldMoneyDetailRollups, settleMoneyDetailRollups } from './money-detail-rollups.ts';

/**
 * The ticket details', money movements' and top-ups' calls for `npm run bench` (scripts/bench.ts):
 * a year of the area up to today. The bench's history is written in bulk with the triggers off, so
 * the rollups are settled against it first (as the demo's seedDemoHistory does), then folded as the
 * fold job leaves them, and vacuumed.
 */
export async function moneyDetailBenchCases(db: Db, scenicId = 1): Promise<[string, string, unknown][]> {
  await settleMoneyDetailRollups(db, scenicId);
  await foldMoneyDetailRollups(db);
  await db.execute(sql`vacuum analyze ticket_totals_daily, money_totals_daily`);
  const to = areaDay(new Date(), await areaTimeZone(db, scenicId));
  const year = { from: addDays(to, -364), to };
  const [sample] = await queryRows<{ product_id: number }>(
    db,
    sql`select product_id from order_tickets where scenic_id = ${scenicId} order by id desc limit 1`,
  );
  return [
    ['detailReport, first page, a year', detailReportApi.page, { ...year, page: 1, limit: 20 }],
    ['detailReport, page 100, a year', detailReportApi.page, { ...year, page: 100, limit: 20 }],
    ['detailReport, refunded, a year', detailReportApi.page, { ...year, status: 203 }],
    ['detailReport, one product, a year', detailReportApi.page, { ...year, productId: sample?.product_id }],
    ['particulars, a year', particularsApi.query, year],
    ['particulars, a year, WeChat Pay', particularsApi.query, { ...year, payWay: 2 }],
    ['rechargeStat, a year', rechargeStatApi.query, year],
  ];
}
