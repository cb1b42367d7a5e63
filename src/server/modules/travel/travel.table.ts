import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { ticketProducts } from '../products/products.table.ts';
import { areaRow } from '../scenic/scenic.table.ts';
import { timestamps } from '../../db/columns.ts';

/** One day of a package's itinerary: the area products it includes (ticket_products ids). */
export interface ItineraryDay {
  title: string;
  description: string;
  productIds: number[];
}

/**
 * /scenic/travelList: a travel package of an area, an itinerary over 1-15 days built from the
 * area's products (docs/decisions.md "Travel packages are sold as ticket orders").
 */
export const travelPackages = pgTable(
  'travel_packages',
  {
    ...areaRow(),
    name: varchar('name', { length: 60 }).notNull(),
    cover: varchar('cover', { length: 500 }).notNull().default(''),
    days: smallint('days').notNull(),
    /** One entry per day (length = days) */
    itinerary: jsonb('itinerary').$type<ItineraryDay[]>().notNull(),
    /**
     * The product whose tickets the travellers hold (the first product of the itinerary): its
     * refund rule applies and the gates admit its tickets. A product a package sells cannot be
     * deleted: 409 `inUse` (no action rather than restrict, whose 23001 is not mapped to a 409)
     */
    ticketProductId: integer('ticket_product_id')
      .notNull()
      .references(() => ticketProducts.id, { onDelete: 'no action' }),
    included: varchar('included', { length: 1000 }).notNull().default(''),
    excluded: varchar('excluded', { length: 1000 }).notNull().default(''),
    /** ShelfStatus: 1 on shelf, 2 off shelf */
    status: smallint('status').notNull().default(2),
    ...timestamps(),
  },
  (t) => [
    index('travel_packages_scenic_idx').on(t.scenicId, t.createdAt),
    check('travel_packages_days_ck', sql`${t.days} between 1 and 15`),
    check('travel_packages_itinerary_ck', sql`jsonb_array_length(${t.itinerary}) = ${t.days}`),
    check('travel_packages_status_ck', sql`${t.status} in (1, 2)`),
  ],
);

/**
 * A departure date of a package with its capacity and price. `sold` is the stock: taken by a
 * guarded `sold + n <= capacity` update in the order's transaction, given back at cancel, expiry,
 * void and refund (travel-seats.ts).
 */
export const travelDepartures = pgTable(
  'travel_departures',
  {
    ...areaRow(),
    packageId: integer('package_id')
      .notNull()
      .references(() => travelPackages.id, { onDelete: 'cascade' }),
    date: date('date').notNull(),
    capacity: integer('capacity').notNull(),
    sold: integer('sold').notNull().default(0),
    /** cents per traveller */
    price: integer('price').notNull(),
    /** DepartureState: 1 open, 2 closed */
    state: smallint('state').notNull().default(1),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('travel_departures_package_date_uq').on(t.packageId, t.date),
    index('travel_departures_scenic_date_idx').on(t.scenicId, t.date),
    check(
      'travel_departures_stock_ck',
      sql`${t.capacity} between 1 and 9999 and ${t.sold} >= 0 and ${t.sold} <= ${t.capacity}`,
    ),
    check('travel_departures_price_ck', sql`${t.price} >= 0`),
    check('travel_departures_state_ck', sql`${t.state} in (1, 2)`),
  ],
);

export type TravelPackage = typeof travelPackages.$inferSelect;
export type TravelDeparture = typeof travelDepartures.$inferSelect;
