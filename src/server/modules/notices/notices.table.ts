import { index, integer, pgTable, serial, smallint, text, varchar } from 'drizzle-orm/pg-core';
import { scenicIdColumn } from '../scenic/scenic.table.ts';
import { createdAt, updatedAt } from '../../db/columns.ts';

/** `/ticket/explainrule`: ticket agreements a visitor accepts when buying; HTML sanitised on save. */
export const ticketAgreements = pgTable(
  'ticket_agreements',
  {
    id: serial('id').primaryKey(),
    scenicId: scenicIdColumn(),
    title: varchar('title', { length: 100 }).notNull(),
    content: text('content').notNull(),
    /** EnableStatus: 1 enabled, 2 disabled */
    status: smallint('status').notNull().default(1),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('ticket_agreements_scenic_idx').on(t.scenicId)],
);

/** `/ticket/instructions`: purchase-notice templates (docs/product.md §9 notice types 1-5); HTML sanitised on save. */
export const noticeTemplates = pgTable(
  'notice_templates',
  {
    id: serial('id').primaryKey(),
    scenicId: scenicIdColumn(),
    title: varchar('title', { length: 100 }).notNull(),
    /** NoticeType of src/shared/dict/ticket.ts */
    noticeType: smallint('notice_type').notNull(),
    content: text('content').notNull(),
    status: smallint('status').notNull().default(1),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('notice_templates_scenic_idx').on(t.scenicId)],
);
