import { integer, pgTable, serial, text, timestamp, varchar, index } from 'drizzle-orm/pg-core';

/**
 * Site copyright/branding records (docs/product.md §3, §7). Platform-wide, keyed by terminal client id: the
 * login screen shows them before anyone has chosen a scenic area. docs/decisions.md.
 */
export const copyrights = pgTable(
  'copyrights',
  {
    id: serial('id').primaryKey(),
    clientId: varchar('client_id', { length: 64 }).notNull(),
    copContent: text('cop_content').notNull(),
    updatedBy: integer('updated_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('copyrights_client_idx').on(t.clientId, t.updatedAt)],
);
