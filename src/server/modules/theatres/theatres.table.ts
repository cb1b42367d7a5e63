import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import type { SeatArea, SeatCell } from '../../../shared/api/theatres.ts';
import { ticketProducts } from '../products/products.table.ts';
import { areaRow } from '../scenic/scenic.table.ts';
import { timestamps, updatedAt } from '../../db/columns.ts';

/** `/ticket/theatreManage` + `seatsManage`: a theatre and its seat map. */
export const theatres = pgTable(
  'theatres',
  {
    ...areaRow(),
    name: varchar('name', { length: 50 }).notNull(),
    address: varchar('address', { length: 200 }).notNull().default(''),
    rows: integer('rows').notNull(),
    cols: integer('cols').notNull(),
    /** Price tiers of the map: key, name, colour, price in cents */
    areas: jsonb('areas').$type<SeatArea[]>().notNull().default([]),
    /** Every cell that is not a plain empty space: seat, aisle or disabled, with its area */
    seats: jsonb('seats').$type<SeatCell[]>().notNull().default([]),
    status: smallint('status').notNull().default(1),
    remark: varchar('remark', { length: 200 }).notNull().default(''),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('theatres_scenic_name_uq').on(t.scenicId, t.name),
    check('theatres_size_ck', sql`${t.rows} between 1 and 100 and ${t.cols} between 1 and 100`),
  ],
);

/** A performance (show) of a performance product in a theatre, with its seats copied from the map. */
export const theatreShows = pgTable(
  'theatre_shows',
  {
    ...areaRow(),
    theatreId: integer('theatre_id')
      .notNull()
      .references(() => theatres.id, { onDelete: 'restrict' }),
    productId: integer('product_id')
      .notNull()
      .references(() => ticketProducts.id, { onDelete: 'restrict' }),
    showDate: date('show_date').notNull(),
    /** "HH:mm" */
    startTime: varchar('start_time', { length: 5 }).notNull(),
    endTime: varchar('end_time', { length: 5 }).notNull(),
    /** SaleStatus: 1 on sale, 2 closed */
    status: smallint('status').notNull().default(1),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('theatre_shows_slot_uq').on(t.theatreId, t.showDate, t.startTime),
    index('theatre_shows_product_idx').on(t.productId, t.showDate),
    check('theatre_shows_time_ck', sql`${t.startTime} < ${t.endTime}`),
  ],
);

/** Seats of one show; claimed with `... WHERE status = 1` so a seat is sold once. */
export const showSeats = pgTable(
  'show_seats',
  {
    id: serial('id').primaryKey(),
    showId: integer('show_id')
      .notNull()
      .references(() => theatreShows.id, { onDelete: 'cascade' }),
    row: integer('row').notNull(),
    col: integer('col').notNull(),
    label: varchar('label', { length: 16 }).notNull(),
    areaKey: varchar('area_key', { length: 16 }).notNull(),
    price: integer('price').notNull(),
    /** SeatStatus: 1 available, 2 held, 3 sold, 4 blocked */
    status: smallint('status').notNull().default(1),
    /** The order (or hold) that claimed the seat */
    holdRef: varchar('hold_ref', { length: 64 }),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('show_seats_cell_uq').on(t.showId, t.row, t.col),
    index('show_seats_hold_idx').on(t.holdRef),
    check('show_seats_price_ck', sql`${t.price} >= 0`),
  ],
);
