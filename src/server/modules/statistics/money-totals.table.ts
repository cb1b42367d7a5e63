import { bigint, date, index, integer, pgTable, smallint } from 'drizzle-orm/pg-core';

/**
 * Money moved per area, day (on the area's clock), pay way and kind (1 payment received, 2 refund
 * paid back) for ticket orders: what /statAnalyse/particulars reads instead of a year of payments.
 * A payment counts on the day it was confirmed while it is confirmed or refunded; a refund on the
 * day it was done while it is done or done outside the system. Rows are deltas appended by
 * triggers on payments and refunds (migration 0056), folded by the statistics job
 * (`foldMoneyTotals`). Sums over it equal sums over the payments and refunds.
 */
export const moneyTotalsDaily = pgTable(
  'money_totals_daily',
  {
    scenicId: integer('scenic_id').notNull(),
    day: date('day').notNull(),
    payWay: smallint('pay_way').notNull(),
    /** 1 payment, 2 refund */
    kind: smallint('kind').notNull(),
    count: integer('count').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
  },
  (t) => [index('money_totals_daily_scenic_day_idx').on(t.scenicId, t.day)],
);
