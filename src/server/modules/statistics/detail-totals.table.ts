import { bigint, date, index, integer, pgTable, smallint } from 'drizzle-orm/pg-core';

/**
 * Tickets sold per area, day (the order's creation day on the area's clock), product, channel, pay
 * way and ticket status: what the ticket detail list (/statAnalyse/detailReport) reads for its
 * pager's total instead of counting a year of tickets. Rows are deltas appended by triggers on
 * order_tickets and ticket_orders in the transaction that changes them (migration 0056); the
 * statistics job folds them (`foldDetailTotals`). Sums over it equal counts over the tickets.
 */
export const ticketTotalsDaily = pgTable(
  'ticket_totals_daily',
  {
    scenicId: integer('scenic_id').notNull(),
    day: date('day').notNull(),
    productId: integer('product_id').notNull(),
    channel: smallint('channel').notNull(),
    /** 0 when the order has no pay way yet */
    payWay: smallint('pay_way').notNull(),
    status: smallint('status').notNull(),
    tickets: integer('tickets').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
  },
  (t) => [index('ticket_totals_daily_scenic_day_idx').on(t.scenicId, t.day)],
);
