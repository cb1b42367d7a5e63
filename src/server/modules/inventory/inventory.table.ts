import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, smallint, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { productSessions, ticketProducts } from '../products/products.table.ts';
import { areaRow } from '../scenic/scenic.table.ts';
import { timestamps, updatedAt } from '../../db/columns.ts';

/**
 * `/ticket/priceCalendar`: price and stock of a product per date (and per session for timed
 * products). `sold` only moves through the guarded statements of inventory.service.ts.
 */
export const priceCalendar = pgTable(
  'price_calendar',
  {
    ...areaRow(),
    productId: integer('product_id')
      .notNull()
      .references(() => ticketProducts.id, { onDelete: 'cascade' }),
    /** Null for regular products; one row per session for timed products */
    sessionId: integer('session_id').references(() => productSessions.id, { onDelete: 'cascade' }),
    date: date('date').notNull(),
    price: integer('price').notNull(),
    stock: integer('stock').notNull(),
    sold: integer('sold').notNull().default(0),
    /** SaleStatus: 1 on sale, 2 closed */
    status: smallint('status').notNull().default(1),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('price_calendar_slot_uq').on(t.productId, t.date, sql`coalesce(${t.sessionId}, 0)`),
    index('price_calendar_scenic_date_idx').on(t.scenicId, t.date),
    // stock is never oversold, whatever the code path (issue 5)
    check('price_calendar_stock_ck', sql`${t.price} >= 0 and ${t.sold} >= 0 and ${t.sold} <= ${t.stock}`),
  ],
);

/** `/scenic/period`: the area's time slots with their default daily capacity (crowd limits). */
export const scenicPeriods = pgTable(
  'scenic_periods',
  {
    ...areaRow(),
    name: varchar('name', { length: 30 }).notNull(),
    /** "HH:mm" */
    startTime: varchar('start_time', { length: 5 }).notNull(),
    endTime: varchar('end_time', { length: 5 }).notNull(),
    /** Capacity of a day that has no row of its own in public_stock */
    capacity: integer('capacity').notNull(),
    status: smallint('status').notNull().default(1),
    sort: integer('sort').notNull().default(0),
    ...timestamps(),
  },
  (t) => [
    index('scenic_periods_scenic_idx').on(t.scenicId),
    uniqueIndex('scenic_periods_scenic_start_uq').on(t.scenicId, t.startTime),
    check('scenic_periods_time_ck', sql`${t.startTime} < ${t.endTime}`),
    check('scenic_periods_capacity_ck', sql`${t.capacity} >= 0`),
  ],
);

/** Public stock of one period on one date, shared by every product of the area. */
export const publicStock = pgTable(
  'public_stock',
  {
    ...areaRow(),
    periodId: integer('period_id')
      .notNull()
      .references(() => scenicPeriods.id, { onDelete: 'cascade' }),
    date: date('date').notNull(),
    capacity: integer('capacity').notNull(),
    sold: integer('sold').notNull().default(0),
    status: smallint('status').notNull().default(1),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('public_stock_period_date_uq').on(t.periodId, t.date),
    index('public_stock_scenic_date_idx').on(t.scenicId, t.date),
    check('public_stock_ck', sql`${t.sold} >= 0 and ${t.sold} <= ${t.capacity}`),
  ],
);
