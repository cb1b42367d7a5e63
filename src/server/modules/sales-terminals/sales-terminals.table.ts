import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, smallint, timestamp, varchar } from 'drizzle-orm/pg-core';
import { areaRow, scenicIdColumn } from '../scenic/scenic.table.ts';
import { terminals } from '../terminals/terminals.table.ts';
import { timestamps, updatedAt } from '../../db/columns.ts';

/**
 * The profile of a ticket window (winManagement) or self-service machine (selfManagement) terminal:
 * what it sells, the pay ways it takes, its printer and paper, and (windows) its number and the
 * staff who may sell there. One row per terminal, written on first save; the device reads it with
 * its configuration (docs/decisions.md "Ticket windows and self-service machines").
 */
export const salesTerminalProfiles = pgTable(
  'sales_terminal_profiles',
  {
    terminalId: integer('terminal_id')
      .primaryKey()
      .references(() => terminals.id, { onDelete: 'cascade' }),
    scenicId: scenicIdColumn(),
    /** A window's number shown above the counter; empty for a machine */
    windowNo: varchar('window_no', { length: 20 }).notNull().default(''),
    /** ticket_products of the area (no foreign key: a deleted product drops out of the config) */
    productIds: integer('product_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    /** admins (staff of the area) who may sell at a window */
    operatorIds: integer('operator_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    /** PayWay codes: WINDOW_PAY_WAYS or MACHINE_PAY_WAYS of src/shared/dict/sales-terminals.ts */
    payWays: smallint('pay_ways')
      .array()
      .notNull()
      .default(sql`'{}'::smallint[]`),
    printerModel: varchar('printer_model', { length: 50 }).notNull().default(''),
    /** PrinterPaper */
    paper: varchar('paper', { length: 16 }),
    updatedAt: updatedAt(),
  },
  (t) => [index('sales_terminal_profiles_scenic_idx').on(t.scenicId)],
);
export type SalesTerminalProfile = typeof salesTerminalProfiles.$inferSelect;

/**
 * An image of a self-service machine's idle-screen carousel, shown within its time window; with
 * machine_id null it shows on every machine of the area.
 */
export const salesMachineCarousels = pgTable(
  'sales_machine_carousels',
  {
    ...areaRow(),
    machineId: integer('machine_id').references(() => terminals.id, { onDelete: 'cascade' }),
    title: varchar('title', { length: 30 }).notNull().default(''),
    image: varchar('image', { length: 500 }).notNull(),
    sort: integer('sort').notNull().default(0),
    startAt: timestamp('start_at', { withTimezone: true }),
    endAt: timestamp('end_at', { withTimezone: true }),
    /** EnableStatus */
    status: smallint('status').notNull().default(1),
    ...timestamps(),
  },
  (t) => [
    index('sales_machine_carousels_scenic_idx').on(t.scenicId, t.machineId, t.sort),
    check('sales_machine_carousels_status_check', sql`${t.status} in (1, 2)`),
    check(
      'sales_machine_carousels_window_check',
      sql`${t.startAt} is null or ${t.endAt} is null or ${t.endAt} > ${t.startAt}`,
    ),
  ],
);
export type SalesMachineCarousel = typeof salesMachineCarousels.$inferSelect;
