import { sql } from 'drizzle-orm';
import {
  check,
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
import { areaRow } from '../scenic/scenic.table.ts';
import { timestamps } from '../../db/columns.ts';

/**
 * A distributor's withdrawal of its prepaid balance (docs/decisions.md "Withdrawals and
 * settlement"): the amount is held at the request (distribution ledger kind 6), released when it is
 * rejected or canceled (7) and paid out with the bank reference (8). `state` moves only by the
 * compare-and-set of src/shared/domain/withdrawal-transitions.ts.
 */
export const withdrawals = pgTable(
  'distributor_withdrawals',
  {
    ...areaRow(),
    withdrawalNo: varchar('withdrawal_no', { length: 32 }).notNull(),
    distributorId: integer('distributor_id')
      .notNull()
      .references(() => distributors.id, { onDelete: 'restrict' }),
    amount: integer('amount').notNull(),
    bankName: varchar('bank_name', { length: 50 }).notNull(),
    bankAccount: varchar('bank_account', { length: 32 }).notNull(),
    accountName: varchar('account_name', { length: 50 }).notNull(),
    /** WithdrawalState: 1 requested, 2 approved, 3 paid, 4 rejected, 5 canceled */
    state: smallint('state').notNull().default(1),
    remark: varchar('remark', { length: 200 }).notNull().default(''),
    requestedBy: integer('requested_by').references(() => admins.id, { onDelete: 'set null' }),
    reviewedBy: integer('reviewed_by').references(() => admins.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewRemark: varchar('review_remark', { length: 200 }).notNull().default(''),
    paidBy: integer('paid_by').references(() => admins.id, { onDelete: 'set null' }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    bankReference: varchar('bank_reference', { length: 64 }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('distributor_withdrawals_no_uq').on(t.withdrawalNo),
    index('distributor_withdrawals_scenic_idx').on(t.scenicId, t.createdAt),
    index('distributor_withdrawals_distributor_idx').on(t.distributorId, t.id),
    check('distributor_withdrawals_amount_check', sql`${t.amount} > 0`),
    check('distributor_withdrawals_state_check', sql`${t.state} between 1 and 5`),
    // paid carries its bank reference
    check('distributor_withdrawals_paid_check', sql`${t.state} <> 3 or ${t.bankReference} is not null`),
  ],
);
export type Withdrawal = typeof withdrawals.$inferSelect;
