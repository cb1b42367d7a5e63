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
import { areaLogRow, areaRow } from '../scenic/scenic.table.ts';
import { createdAt, timestamps, updatedAt } from '../../db/columns.ts';

/** /user/memberRank: a level members reach by total spend or points; its discount applies to ticket prices. */
export const memberLevels = pgTable(
  'member_levels',
  {
    ...areaRow(),
    name: varchar('name', { length: 30 }).notNull(),
    /** LevelBasis: 1 total spend (cents), 2 points */
    basis: smallint('basis').notNull().default(1),
    /** A member whose spend (cents) or points reach this is at least at this level; 0 for the entry level */
    threshold: integer('threshold').notNull().default(0),
    /** Percentage of the ticket price a member of this level pays (100: no discount, 95: 5 % off) */
    discount: smallint('discount').notNull().default(100),
    benefits: varchar('benefits', { length: 1000 }).notNull().default(''),
    badge: varchar('badge', { length: 500 }).notNull().default(''),
    /** EnableStatus: 1 enabled, 2 disabled */
    status: smallint('status').notNull().default(1),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('member_levels_threshold_uq').on(t.scenicId, t.basis, t.threshold),
    check('member_levels_threshold_check', sql`${t.threshold} >= 0`),
    check('member_levels_discount_check', sql`${t.discount} between 1 and 100`),
    check('member_levels_basis_check', sql`${t.basis} in (1, 2)`),
    check('member_levels_status_check', sql`${t.status} in (1, 2)`),
  ],
);

/**
 * /user/user: a visitor registered in the mini-program (or at a window). `balance` changes only by a
 * guarded statement in the transaction of its ledger row (docs/decisions.md "Stored value").
 */
export const members = pgTable(
  'members',
  {
    ...areaRow(),
    /** Null once unbound by staff (the member keeps balance and coupons, and can bind another phone) */
    phone: varchar('phone', { length: 20 }),
    nickname: varchar('nickname', { length: 50 }).notNull().default(''),
    avatar: varchar('avatar', { length: 500 }).notNull().default(''),
    levelId: integer('level_id').references(() => memberLevels.id, { onDelete: 'set null' }),
    /** Stored value in cents; equals the sum of the member's ledger (npm run check:ledgers) */
    balance: integer('balance').notNull().default(0),
    points: integer('points').notNull().default(0),
    /** Paid ticket orders and counter consumption, in cents (the spend basis of levels) */
    totalSpend: integer('total_spend').notNull().default(0),
    /** MemberSource */
    source: smallint('source').notNull().default(1),
    /** MemberStatus: 1 active, 2 frozen */
    status: smallint('status').notNull().default(1),
    registeredAt: timestamp('registered_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('members_phone_uq').on(t.scenicId, t.phone),
    index('members_scenic_registered_idx').on(t.scenicId, t.registeredAt, t.id),
    index('members_scenic_level_idx').on(t.scenicId, t.levelId),
    check('members_balance_check', sql`${t.balance} >= 0`),
    check('members_points_check', sql`${t.points} >= 0 and ${t.totalSpend} >= 0`),
    check('members_status_check', sql`${t.status} in (1, 2)`),
  ],
);

/** The balance ledger: one append-only row per movement; `change` is signed, `balanceAfter` the result. */
export const memberLedger = pgTable(
  'member_ledger',
  {
    ...areaLogRow(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'restrict' }),
    /** BalanceOperation: 1 top-up, 2 consume, 3 refund, 4 top-up gift, 5 adjustment */
    operation: smallint('operation').notNull(),
    change: integer('change').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    /** The ticket order, top-up or refund it belongs to (empty for counter consumption) */
    reference: varchar('reference', { length: 40 }).notNull().default(''),
    remark: varchar('remark', { length: 200 }).notNull().default(''),
    adminId: integer('admin_id').references(() => admins.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('member_ledger_member_idx').on(t.memberId, t.id),
    index('member_ledger_scenic_created_idx').on(t.scenicId, t.createdAt),
    check('member_ledger_after_check', sql`${t.balanceAfter} >= 0 and ${t.change} <> 0`),
    check('member_ledger_sign_check', sql`(${t.operation} = 2) = (${t.change} < 0) or ${t.operation} = 5`),
    check('member_ledger_operation_check', sql`${t.operation} between 1 and 5`),
  ],
);

/** A member's level changes, automatic or by staff (/user/userDetail). */
export const memberLevelHistory = pgTable(
  'member_level_history',
  {
    ...areaRow(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    fromLevelId: integer('from_level_id').references(() => memberLevels.id, { onDelete: 'set null' }),
    toLevelId: integer('to_level_id').references(() => memberLevels.id, { onDelete: 'set null' }),
    /** LevelChangeReason */
    reason: smallint('reason').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('member_level_history_member_idx').on(t.memberId, t.id)],
);

/** /user/BalanceSet: "pay 100 get 10" (docs/product.md §7 `fixed/*`). */
export const rechargeRules = pgTable(
  'recharge_rules',
  {
    ...areaRow(),
    /** cents the member pays */
    payAmount: integer('pay_amount').notNull(),
    /** cents added on top, as its own ledger row */
    giftAmount: integer('gift_amount').notNull().default(0),
    remark: varchar('remark', { length: 100 }).notNull().default(''),
    sort: integer('sort').notNull().default(0),
    /** EnableStatus: 1 enabled, 2 disabled */
    status: smallint('status').notNull().default(1),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('recharge_rules_amount_uq').on(t.scenicId, t.payAmount),
    check('recharge_rules_amount_check', sql`${t.payAmount} > 0 and ${t.giftAmount} >= 0`),
    check('recharge_rules_status_check', sql`${t.status} in (1, 2)`),
  ],
);

/** /user/rechargeRecord: a top-up, pending until its payment is confirmed (deduplicated by provider id). */
export const recharges = pgTable(
  'recharges',
  {
    ...areaRow(),
    rechargeNo: varchar('recharge_no', { length: 32 }).notNull(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'restrict' }),
    amount: integer('amount').notNull(),
    giftAmount: integer('gift_amount').notNull().default(0),
    ruleId: integer('rule_id').references(() => rechargeRules.id, { onDelete: 'set null' }),
    /** PayWay of the payment */
    payWay: smallint('pay_way').notNull(),
    /** RechargeStatus: 101 pending, 201 paid, 103 closed */
    status: smallint('status').notNull().default(101),
    providerTxnId: varchar('provider_txn_id', { length: 64 }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('recharges_no_uq').on(t.rechargeNo),
    uniqueIndex('recharges_txn_uq').on(t.scenicId, t.providerTxnId),
    index('recharges_scenic_created_idx').on(t.scenicId, t.createdAt, t.id),
    index('recharges_member_idx').on(t.memberId, t.id),
    check('recharges_amount_check', sql`${t.amount} > 0 and ${t.giftAmount} >= 0`),
    check('recharges_status_check', sql`${t.status} in (101, 201, 103)`),
  ],
);

/** /user/traveler: people a member books for (real-name tickets). */
export const travellers = pgTable(
  'travellers',
  {
    ...areaRow(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 50 }).notNull(),
    /** TravellerIdType */
    idType: smallint('id_type').notNull().default(1),
    idNumber: varchar('id_number', { length: 30 }).notNull(),
    phone: varchar('phone', { length: 20 }).notNull().default(''),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('travellers_member_id_number_uq').on(t.memberId, t.idType, t.idNumber),
    index('travellers_scenic_idx').on(t.scenicId, t.id),
    check('travellers_id_type_check', sql`${t.idType} between 1 and 4`),
  ],
);

/** A member's sign-in through the mini-program: the token's hash, valid until `expiresAt`. */
export const memberSessions = pgTable(
  'member_sessions',
  {
    ...areaRow(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    /** The OAuth client the member signed in through */
    clientId: varchar('client_id', { length: 64 }).notNull(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('member_sessions_token_uq').on(t.tokenHash),
    index('member_sessions_member_idx').on(t.memberId),
  ],
);

export type Member = typeof members.$inferSelect;
export type MemberLevel = typeof memberLevels.$inferSelect;
export type RechargeRule = typeof rechargeRules.$inferSelect;
export type Recharge = typeof recharges.$inferSelect;
export type Traveller = typeof travellers.$inferSelect;
