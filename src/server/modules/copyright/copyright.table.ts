import { integer, pgTable, serial, text, varchar, index } from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns.ts';

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
    ...timestamps(),
  },
  (t) => [index('copyrights_client_idx').on(t.clientId, t.updatedAt)],
);
