import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, serial, smallint, varchar } from 'drizzle-orm/pg-core';
import { ticketProducts } from '../products/products.table.ts';
import { areaRow } from '../scenic/scenic.table.ts';
import { timestamps } from '../../db/columns.ts';

/**
 * `/disManage/retailrole`: a price tier of an area. Distributors assigned to it (distributors.tier_id)
 * buy at its settlement prices (docs/decisions.md "Price tiers").
 */
export const priceTiers = pgTable(
  'price_tiers',
  {
    ...areaRow(),
    name: varchar('name', { length: 50 }).notNull(),
    remark: varchar('remark', { length: 200 }).notNull().default(''),
    /** EnableStatus: 1 enabled, 2 disabled (a disabled tier prices nothing) */
    status: smallint('status').notNull().default(1),
    ...timestamps(),
  },
  (t) => [
    index('price_tiers_scenic_idx').on(t.scenicId, t.id),
    check('price_tiers_status_check', sql`${t.status} in (1, 2)`),
  ],
);

/**
 * A line of a tier: for one product and the visit dates `date_from`..`date_to` (inclusive), the
 * distributor's settlement price and the lowest price it may sell at, in cents. The lines of one
 * product in one tier never overlap (checked under the tier's row lock, tiers.service.ts).
 */
export const priceTierLines = pgTable(
  'price_tier_lines',
  {
    id: serial('id').primaryKey(),
    scenicId: integer('scenic_id').notNull(),
    tierId: integer('tier_id')
      .notNull()
      .references(() => priceTiers.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => ticketProducts.id, { onDelete: 'restrict' }),
    dateFrom: date('date_from').notNull(),
    dateTo: date('date_to').notNull(),
    settlementPrice: integer('settlement_price').notNull(),
    retailFloor: integer('retail_floor').notNull(),
    ...timestamps(),
  },
  (t) => [
    index('price_tier_lines_tier_idx').on(t.tierId, t.productId, t.dateFrom),
    check('price_tier_lines_dates_check', sql`${t.dateFrom} <= ${t.dateTo}`),
    check(
      'price_tier_lines_money_check',
      sql`${t.settlementPrice} >= 0 and ${t.retailFloor} >= ${t.settlementPrice}`,
    ),
  ],
);

export type PriceTier = typeof priceTiers.$inferSelect;
export type PriceTierLine = typeof priceTierLines.$inferSelect;
