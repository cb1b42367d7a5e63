import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import type { PrintElement } from '../../../shared/api/print-templates.ts';
import { areaRow } from '../scenic/scenic.table.ts';
import { timestamps } from '../../db/columns.ts';

/** `/ticket/printerModule`: ticket print layouts for the papers of docs/product.md §9. */
export const printTemplates = pgTable(
  'print_templates',
  {
    ...areaRow(),
    name: varchar('name', { length: 50 }).notNull(),
    /** PrinterPaper of src/shared/dict/printer.ts */
    paper: smallint('paper').notNull(),
    widthMm: integer('width_mm').notNull(),
    heightMm: integer('height_mm').notNull(),
    /** Fields placed on the ticket, positions in mm from the top-left corner. */
    elements: jsonb('elements').$type<PrintElement[]>().notNull().default([]),
    /** The template used for a product without its own. At most one per area. */
    isDefault: boolean('is_default').notNull().default(false),
    status: smallint('status').notNull().default(1),
    remark: varchar('remark', { length: 200 }).notNull().default(''),
    ...timestamps(),
  },
  (t) => [
    index('print_templates_scenic_idx').on(t.scenicId),
    uniqueIndex('print_templates_scenic_name_uq').on(t.scenicId, t.name),
    uniqueIndex('print_templates_one_default_uq')
      .on(t.scenicId)
      .where(sql`${t.isDefault}`),
    check('print_templates_size_ck', sql`${t.widthMm} > 0 and ${t.heightMm} > 0`),
  ],
);
