import { sql } from 'drizzle-orm';
import {
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
import { oauthClients } from '../oauth/oauth.table.ts';
import { areaLogRow, areaRow } from '../scenic/scenic.table.ts';
import { createdAt, timestamps } from '../../db/columns.ts';

/**
 * A distributor (travel agency) of an area: its login account (admType 3), its channel state and
 * its stored value. `balance`, `credit_used` and `held` change only by a guarded statement in the
 * transaction of their ledger row (distribution/ledger.service.ts, docs/decisions.md
 * "Distributor balance and credit").
 */
export const distributors = pgTable(
  'distributors',
  {
    ...areaRow(),
    /** The distributor's login account (admType 3); none yet while it applies or is not enabled */
    adminId: integer('admin_id').references(() => admins.id, { onDelete: 'restrict' }),
    company: varchar('company', { length: 100 }).notNull(),
    contact: varchar('contact', { length: 50 }).notNull().default(''),
    phone: varchar('phone', { length: 20 }).notNull().default(''),
    /** DistributorState: 1 normal, 2 frozen, 3 not enabled, 4 under review */
    state: smallint('state').notNull().default(4),
    /** Prepaid balance in cents (pay way 5); equals the sum of its ledger rows of account 'balance' */
    balance: integer('balance').notNull().default(0),
    /** Credit granted in cents (pay way 8) */
    creditLimit: integer('credit_limit').notNull().default(0),
    /** Credit in use in cents; equals the sum of its ledger rows of account 'credit' */
    creditUsed: integer('credit_used').notNull().default(0),
    /** Withdrawals requested and not yet paid out or released, in cents (account 'held') */
    held: integer('held').notNull().default(0),
    remark: varchar('remark', { length: 200 }).notNull().default(''),
    /**
     * Its own OAuth client for the selling API (client_credentials, issued on its detail page): an
     * order placed with it is the distributor's (channel 13, its tier, pay ways 5 and 8)
     */
    clientId: varchar('client_id', { length: 64 }).references(() => oauthClients.clientId, {
      onDelete: 'set null',
    }),
    /**
     * The price tier it buys at (price-tiers module, which builds on distribution); none: the
     * calendar prices. Its foreign key is kept in SQL (0034_plugin_foreign_keys.sql)
     */
    tierId: integer('tier_id'),
    /** Who reviewed its application (/disManage/information), when, and what they noted */
    reviewedBy: integer('reviewed_by').references(() => admins.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewRemark: varchar('review_remark', { length: 200 }).notNull().default(''),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('distributors_admin_uq').on(t.adminId),
    uniqueIndex('distributors_client_uq').on(t.clientId),
    index('distributors_scenic_idx').on(t.scenicId, t.id),
    check('distributors_state_check', sql`${t.state} between 1 and 4`),
    // a normal or frozen distributor has its login account
    check('distributors_account_check', sql`${t.state} in (3, 4) or ${t.adminId} is not null`),
    check('distributors_balance_check', sql`${t.balance} >= 0 and ${t.held} >= 0`),
    check(
      'distributors_credit_check',
      sql`${t.creditLimit} >= 0 and ${t.creditUsed} between 0 and ${t.creditLimit}`,
    ),
  ],
);

/**
 * The distributors' ledger: one append-only row per movement (an UPDATE is refused by a trigger);
 * `change` is signed, `amountAfter` the account's value after it (the balance, the credit used or
 * the money held).
 */
export const distributorLedger = pgTable(
  'distributor_ledger',
  {
    ...areaLogRow(),
    distributorId: integer('distributor_id')
      .notNull()
      .references(() => distributors.id, { onDelete: 'restrict' }),
    /** DistributorAccount: 'balance', 'credit' or 'held' */
    account: varchar('account', { length: 8 }).notNull(),
    /** DistributorLedgerKind */
    kind: smallint('kind').notNull(),
    change: integer('change').notNull(),
    amountAfter: integer('amount_after').notNull(),
    /** The ticket order, top-up, repayment or withdrawal it belongs to */
    reference: varchar('reference', { length: 40 }).notNull().default(''),
    remark: varchar('remark', { length: 200 }).notNull().default(''),
    adminId: integer('admin_id').references(() => admins.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('distributor_ledger_distributor_idx').on(t.distributorId, t.id),
    index('distributor_ledger_scenic_created_idx').on(t.scenicId, t.createdAt),
    index('distributor_ledger_reference_idx').on(t.scenicId, t.reference),
    check('distributor_ledger_after_check', sql`${t.amountAfter} >= 0 and ${t.change} <> 0`),
    check('distributor_ledger_kind_check', sql`${t.kind} between 1 and 9`),
    // the sign of each kind on each account (src/shared/dict/distribution.ts)
    check(
      'distributor_ledger_sign_check',
      sql`(${t.account} = 'balance' and (${t.kind} in (1, 3, 7) and ${t.change} > 0 or ${t.kind} in (2, 6) and ${t.change} < 0 or ${t.kind} = 9))
        or (${t.account} = 'credit' and (${t.kind} = 4 and ${t.change} > 0 or ${t.kind} in (3, 5) and ${t.change} < 0 or ${t.kind} = 9))
        or (${t.account} = 'held' and (${t.kind} = 6 and ${t.change} > 0 or ${t.kind} in (7, 8) and ${t.change} < 0))`,
    ),
  ],
);

/**
 * A top-up by bank transfer (/disManage/recharge): recorded pending, then confirmed by finance
 * (the balance is credited once, with its ledger row of reference `top_up_no`) or rejected.
 */
export const distributorTopUps = pgTable(
  'distributor_top_ups',
  {
    ...areaRow(),
    distributorId: integer('distributor_id')
      .notNull()
      .references(() => distributors.id, { onDelete: 'restrict' }),
    topUpNo: varchar('top_up_no', { length: 32 }).notNull(),
    amount: integer('amount').notNull(),
    bankRef: varchar('bank_ref', { length: 64 }).notNull(),
    transferDate: date('transfer_date', { mode: 'string' }).notNull(),
    voucher: varchar('voucher', { length: 500 }).notNull().default(''),
    /** DistributorTopUpState: 1 pending, 2 confirmed, 3 rejected */
    state: smallint('state').notNull().default(1),
    remark: varchar('remark', { length: 200 }).notNull().default(''),
    createdBy: integer('created_by').references(() => admins.id, { onDelete: 'set null' }),
    reviewedBy: integer('reviewed_by').references(() => admins.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewRemark: varchar('review_remark', { length: 200 }).notNull().default(''),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('distributor_top_ups_no_uq').on(t.topUpNo),
    index('distributor_top_ups_scenic_idx').on(t.scenicId, t.createdAt),
    index('distributor_top_ups_distributor_idx').on(t.distributorId, t.id),
    check('distributor_top_ups_amount_check', sql`${t.amount} > 0`),
    check('distributor_top_ups_state_check', sql`${t.state} between 1 and 3`),
  ],
);

/**
 * The records of /disManage/disgrant: each change of a credit limit (`amount` = new − old) and each
 * repayment (`amount` > 0; its ledger row has the same reference).
 */
export const distributorCreditRecords = pgTable(
  'distributor_credit_records',
  {
    ...areaRow(),
    distributorId: integer('distributor_id')
      .notNull()
      .references(() => distributors.id, { onDelete: 'restrict' }),
    /** DistributorCreditKind: 1 limit change, 2 repayment */
    kind: smallint('kind').notNull(),
    amount: integer('amount').notNull(),
    limitAfter: integer('limit_after').notNull(),
    usedAfter: integer('used_after').notNull(),
    reference: varchar('reference', { length: 40 }).notNull().default(''),
    remark: varchar('remark', { length: 200 }).notNull().default(''),
    adminId: integer('admin_id').references(() => admins.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('distributor_credit_records_scenic_idx').on(t.scenicId, t.createdAt),
    index('distributor_credit_records_distributor_idx').on(t.distributorId, t.id),
    check('distributor_credit_records_kind_check', sql`${t.kind} in (1, 2)`),
    check('distributor_credit_records_repay_check', sql`${t.kind} = 1 or ${t.amount} > 0`),
  ],
);

export type DistributorTopUp = typeof distributorTopUps.$inferSelect;
export type DistributorCreditRecord = typeof distributorCreditRecords.$inferSelect;
export type Distributor = typeof distributors.$inferSelect;
export type DistributorLedgerRow = typeof distributorLedger.$inferSelect;
