import { date, index, integer, pgTable, smallint } from 'drizzle-orm/pg-core';

/**
 * Visitors by province of origin (docs/product.md §9 codes 11-91, read from the first two digits of
 * the ticket's ID number; 0 when there is none or it names no province) per area and visit day: what
 * /statAnalyse/origin reads. A ticket counts while it is sold and not cancelled, refunded or void
 * (`origin_counts` of migration 0058). Deltas appended by a trigger on order_tickets in the ticket's
 * own transaction, folded by `foldOriginDaily`.
 */
export const originDaily = pgTable(
  'origin_daily',
  {
    scenicId: integer('scenic_id').notNull(),
    /** the ticket's visit date (already a day of the area) */
    day: date('day', { mode: 'string' }).notNull(),
    province: smallint('province').notNull(),
    tickets: integer('tickets').notNull(),
  },
  (t) => [index('origin_daily_scenic_day_idx').on(t.scenicId, t.day)],
);
