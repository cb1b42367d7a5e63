import { index, integer, pgTable, serial, smallint, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { scenicAreas } from '../scenic/scenic.table.ts';

/** `/ticket/explainrule`: ticket agreements a visitor accepts when buying; HTML sanitised on save. */
export const ticketAgreements = pgTable(
  'ticket_agreements',
  {
    id: serial('id').primaryKey(),
    scenicId: integer('scenic_id')
      .notNull()
      .references(() => scenicAreas.id, { onDelete: 'cascade' }),
    title: varchar('title', { length: 100 }).notNull(),
    content: text('content').notNull(),
    /** EnableStatus: 1 enabled, 2 disabled */
    status: smallint('status').notNull().default(1),
    sort: integer('sort').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ticket_agreements_scenic_idx').on(t.scenicId)],
);

/** `/ticket/instructions`: purchase-notice templates (docs/product.md §9 notice types 1-5); HTML sanitised on save. */
export const noticeTemplates = pgTable(
  'notice_templates',
  {
    id: serial('id').primaryKey(),
    scenicId: integer('scenic_id')
      .notNull()
      .references(() => scenicAreas.id, { onDelete: 'cascade' }),
    title: varchar('title', { length: 100 }).notNull(),
    /** NoticeType of src/shared/dict/ticket.ts */
    noticeType: smallint('notice_type').notNull(),
    content: text('content').notNull(),
    status: smallint('status').notNull().default(1),
    sort: integer('sort').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('notice_templates_scenic_idx').on(t.scenicId)],
);
