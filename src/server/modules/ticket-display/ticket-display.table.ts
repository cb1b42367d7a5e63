import { sql } from 'drizzle-orm';
import { check, integer, pgTable, smallint, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { ticketProducts } from '../products/index.ts';
import { areaRow } from '../scenic/scenic.table.ts';
import { timestamps } from '../../db/columns.ts';

/**
 * /scenic/ticmes: how the mini-program shows a ticket product; at most one row a product. A product
 * without a row shows its defaults (its name, first image, intro and sort; shown).
 */
export const ticketDisplays = pgTable(
  'ticket_displays',
  {
    ...areaRow(),
    productId: integer('product_id')
      .notNull()
      .references(() => ticketProducts.id, { onDelete: 'cascade' }),
    displayName: varchar('display_name', { length: 30 }).notNull(),
    cover: varchar('cover', { length: 500 }).notNull().default(''),
    shortText: varchar('short_text', { length: 100 }).notNull().default(''),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    sort: integer('sort').notNull().default(0),
    /** DisplayStatus: 1 shown, 2 hidden */
    status: smallint('status').notNull().default(1),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('ticket_displays_product_uq').on(t.productId),
    check('ticket_displays_name_check', sql`${t.displayName} <> ''`),
    check('ticket_displays_tags_check', sql`cardinality(${t.tags}) <= 5`),
    check('ticket_displays_sort_check', sql`${t.sort} between 0 and 9999`),
    check('ticket_displays_status_check', sql`${t.status} in (1, 2)`),
  ],
);
export type TicketDisplay = typeof ticketDisplays.$inferSelect;
