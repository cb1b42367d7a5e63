import { index, integer, pgTable, smallint, text, varchar } from 'drizzle-orm/pg-core';
import { areaRow } from '../scenic/scenic.table.ts';
import { timestamps } from '../../db/columns.ts';

/** `/ticket/explainrule`: ticket agreements a visitor accepts when buying; HTML sanitised on save. */
export const ticketAgreements = pgTable(
  'ticket_agreements',
  {
    ...areaRow(),
    title: varchar('title', { length: 100 }).notNull(),
    content: text('content').notNull(),
    /** EnableStatus: 1 enabled, 2 disabled */
    status: smallint('status').notNull().default(1),
    sort: integer('sort').notNull().default(0),
    ...timestamps(),
  },
  (t) => [index('ticket_agreements_scenic_idx').on(t.scenicId)],
);

/** `/ticket/instructions`: purchase-notice templates (docs/product.md §9 notice types 1-5); HTML sanitised on save. */
export const noticeTemplates = pgTable(
  'notice_templates',
  {
    ...areaRow(),
    title: varchar('title', { length: 100 }).notNull(),
    /** NoticeType of src/shared/dict/notices.ts */
    noticeType: smallint('notice_type').notNull(),
    content: text('content').notNull(),
    status: smallint('status').notNull().default(1),
    sort: integer('sort').notNull().default(0),
    ...timestamps(),
  },
  (t) => [index('notice_templates_scenic_idx').on(t.scenicId)],
);
