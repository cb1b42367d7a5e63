import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { admins } from '../accounts/accounts.table.ts';
import { distributors } from '../distribution/index.ts';
import { areaLogRow, areaRow, scenicIdColumn } from '../scenic/scenic.table.ts';
import { createdAt, timestamps, updatedAt } from '../../db/columns.ts';

/** An area's settlement settings (one row per area; absent: monthly, used and expired, no commission). */
export const settlementSettings = pgTable(
  'settlement_settings',
  {
    scenicId: scenicIdColumn().primaryKey(),
    /** SettlementCycle: 1 daily, 2 weekly, 3 monthly */
    cycle: smallint('cycle').notNull().default(3),
    /** used tickets (402, 403) are settled */
    settleUsed: boolean('settle_used').notNull().default(true),
    /** expired tickets (501) are settled */
    settleExpired: boolean('settle_expired').notNull().default(true),
    /** commission in basis points of the settlement amount (500 = 5 %) */
    commissionRate: integer('commission_rate').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('settlement_settings_cycle_check', sql`${t.cycle} between 1 and 3`),
    check('settlement_settings_rate_check', sql`${t.commissionRate} between 0 and 10000`),
  ],
);

/**
 * A settlement batch of a period (visit dates `period_from`..`period_to`): a draft is previewed,
 * then closed once (compare-and-set 1 → 2, T25) or discarded (1 → 3). The totals are written when
 * it closes; the commission rate is the one of the settings when it was created.
 */
export const settlementBatches = pgTable(
  'settlement_batches',
  {
    ...areaRow(),
    batchNo: varchar('batch_no', { length: 32 }).notNull(),
    periodFrom: date('period_from').notNull(),
    periodTo: date('period_to').notNull(),
    /** SettlementBatchState: 1 draft, 2 closed, 3 discarded */
    state: smallint('state').notNull().default(1),
    settleUsed: boolean('settle_used').notNull(),
    settleExpired: boolean('settle_expired').notNull(),
    commissionRate: integer('commission_rate').notNull(),
    ticketCount: integer('ticket_count').notNull().default(0),
    amount: bigint('amount', { mode: 'number' }).notNull().default(0),
    commission: bigint('commission', { mode: 'number' }).notNull().default(0),
    createdBy: integer('created_by').references(() => admins.id, { onDelete: 'set null' }),
    closedBy: integer('closed_by').references(() => admins.id, { onDelete: 'set null' }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('settlement_batches_no_uq').on(t.batchNo),
    index('settlement_batches_scenic_idx').on(t.scenicId, t.periodFrom),
    check('settlement_batches_state_check', sql`${t.state} between 1 and 3`),
    check('settlement_batches_period_check', sql`${t.periodFrom} <= ${t.periodTo}`),
  ],
);

/** One settled ticket (T25): written in the transaction that moves it to 405; a ticket is settled once. */
export const settlementItems = pgTable(
  'settlement_items',
  {
    ...areaLogRow(),
    batchId: integer('batch_id')
      .notNull()
      .references(() => settlementBatches.id, { onDelete: 'restrict' }),
    ticketId: bigint('ticket_id', { mode: 'number' }).notNull(),
    orderId: bigint('order_id', { mode: 'number' }).notNull(),
    distributorId: integer('distributor_id')
      .notNull()
      .references(() => distributors.id, { onDelete: 'restrict' }),
    /** the ticket's status before 405 (402, 403 or 501) */
    ticketStatus: smallint('ticket_status').notNull(),
    amount: integer('amount').notNull(),
    commission: integer('commission').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('settlement_items_ticket_uq').on(t.ticketId),
    index('settlement_items_batch_idx').on(t.batchId, t.distributorId),
    index('settlement_items_order_idx').on(t.orderId),
    check(
      'settlement_items_money_check',
      sql`${t.amount} >= 0 and ${t.commission} between 0 and ${t.amount}`,
    ),
  ],
);
export type SettlementBatch = typeof settlementBatches.$inferSelect;
