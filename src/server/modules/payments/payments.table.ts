import { sql } from 'drizzle-orm';
import {
  bigint,
  date,
  boolean,
  check,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { admins } from '../accounts/accounts.table.ts';
import { areaLogRow, areaRow } from '../scenic/scenic.table.ts';
import { createdAt, timestamps } from '../../db/columns.ts';

/**
 * /sys/payMentSet: one row per area and online pay way of docs/product.md §9 (2 WeChat Pay, 3 Alipay).
 * The secrets are sealed by the keyring (lib/secret-box.ts, `v2.…`; '' when none is set) and never
 * answered by a route; `npm run secrets:rotate` re-seals them (payments.module.ts declares them).
 */
export const paymentSettings = pgTable(
  'payment_settings',
  {
    ...areaRow(),
    payWay: smallint('pay_way').notNull(),
    enabled: boolean('enabled').notNull().default(false),
    /** true: the provider's sandbox (or the local one, `npm run pay-sandbox`) */
    sandbox: boolean('sandbox').notNull().default(true),
    merchantId: varchar('merchant_id', { length: 64 }).notNull().default(''),
    appId: varchar('app_id', { length: 64 }).notNull().default(''),
    gatewayUrl: varchar('gateway_url', { length: 255 }).notNull().default(''),
    certSerial: varchar('cert_serial', { length: 64 }).notNull().default(''),
    providerKeySerial: varchar('provider_key_serial', { length: 128 }).notNull().default(''),
    apiKeySealed: text('api_key_sealed').notNull().default(''),
    privateKeySealed: text('private_key_sealed').notNull().default(''),
    certificateSealed: text('certificate_sealed').notNull().default(''),
    providerKeySealed: text('provider_key_sealed').notNull().default(''),
    /** The account that saved last (admins.id); null before the first save (the demo seed) */
    updatedBy: integer('updated_by'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('payment_settings_scenic_pay_way_uq').on(t.scenicId, t.payWay),
    check('payment_settings_pay_way_ck', sql`${t.payWay} in (2, 3)`),
  ],
);
export type PaymentSettingRow = typeof paymentSettings.$inferSelect;

/**
 * A payment asked of an online provider (`/api/open/pay/prepay`): our payment number (the
 * provider's `out_trade_no`), what it pays (a target: `ticket` order, and the targets other modules
 * plug in) and how it ended. A notification or a query settles it once: pending → paid | closed.
 */
export const payIntents = pgTable(
  'pay_intents',
  {
    ...areaLogRow(),
    payWay: smallint('pay_way').notNull(),
    /** The adapter's name (payments.provider once paid) */
    provider: varchar('provider', { length: 32 }).notNull(),
    paymentNo: varchar('payment_no', { length: 32 }).notNull(),
    /** What is paid: a PayTarget's kind and its number (an order number) */
    target: varchar('target', { length: 16 }).notNull(),
    targetNo: varchar('target_no', { length: 32 }).notNull(),
    amount: integer('amount').notNull(),
    /** PayScene: jsapi, qr, h5 */
    scene: varchar('scene', { length: 8 }).notNull(),
    /** pending → paid | closed */
    status: varchar('status', { length: 16 }).notNull().default('pending'),
    providerTxnId: varchar('provider_txn_id', { length: 64 }),
    /** When the provider stops accepting it (the order's deadline) */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** The expiry check's claim: one instance asks the provider per round */
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('pay_intents_payment_no_uq').on(t.paymentNo),
    index('pay_intents_target_idx').on(t.scenicId, t.target, t.targetNo),
    // the refund sender finds the intent of a payment by its provider's transaction
    index('pay_intents_txn_idx')
      .on(t.provider, t.providerTxnId)
      .where(sql`${t.providerTxnId} is not null`),
    index('pay_intents_pending_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} = 'pending'`),
    check('pay_intents_amount_ck', sql`${t.amount} > 0`),
  ],
);
export type PayIntentRow = typeof payIntents.$inferSelect;

/**
 * The columns a module's own refund record shares (card_refunds, shop_refunds): its status as the
 * refund sender and staff move it, why it was made and why it failed, the provider's refund id,
 * the staff member behind it and when it ended. `failReasonLength` is the table's own.
 */
export const refundRecordColumns = (failReasonLength: number) => ({
  status: varchar('status', { length: 16 }).notNull().default('created'),
  reason: varchar('reason', { length: 200 }).notNull().default(''),
  failReason: varchar('fail_reason', { length: failReasonLength }).notNull().default(''),
  providerRefundId: varchar('provider_refund_id', { length: 64 }),
  adminId: integer('admin_id').references(() => admins.id, { onDelete: 'set null' }),
  doneAt: timestamp('done_at', { withTimezone: true }),
  ...timestamps(),
});

/**
 * A refund sent to an online provider: our refund number (`out_refund_no`), the attempts and when
 * the next one is due (backoff), the provider's last word. One per refund row of a target (a
 * ticket order's `refunds.id`); the refund's own status stays on that row (created → transit → done | failed).
 */
export const providerRefunds = pgTable(
  'provider_refunds',
  {
    ...areaLogRow(),
    /** `ticket` (refunds.id), and the targets other modules plug in */
    target: varchar('target', { length: 16 }).notNull(),
    refundId: bigint('refund_id', { mode: 'number' }).notNull(),
    refundNo: varchar('refund_no', { length: 32 }).notNull(),
    payWay: smallint('pay_way').notNull(),
    paymentNo: varchar('payment_no', { length: 32 }).notNull(),
    /** In cents */
    amount: integer('amount').notNull().default(0),
    attempts: smallint('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    /** The provider's reason for the last failure, in its words */
    lastError: varchar('last_error', { length: 300 }).notNull().default(''),
    /** When the provider said it succeeded (the statement's day of the refund) */
    doneAt: timestamp('done_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('provider_refunds_refund_uq').on(t.target, t.refundId),
    uniqueIndex('provider_refunds_no_uq').on(t.refundNo),
  ],
);
export type ProviderRefundRow = typeof providerRefunds.$inferSelect;

/**
 * A day's statement of one pay way of an area (the providers' day, China Standard Time), fetched
 * and matched by the reconciliation job: one row per area, pay way and day (the claim: several
 * instances fetch it once). `failed` keeps why; a person can run it again.
 */
export const payStatements = pgTable(
  'pay_statements',
  {
    ...areaLogRow(),
    payWay: smallint('pay_way').notNull(),
    statementDate: date('statement_date', { mode: 'string' }).notNull(),
    /** running → matched | failed */
    status: varchar('status', { length: 16 }).notNull().default('running'),
    lines: integer('lines').notNull().default(0),
    differences: integer('differences').notNull().default(0),
    error: varchar('error', { length: 300 }).notNull().default(''),
    ...timestamps(),
  },
  (t) => [uniqueIndex('pay_statements_day_uq').on(t.scenicId, t.payWay, t.statementDate)],
);

/**
 * A line where the provider's statement and our records disagree: on the statement only
 * (`missingHere`), ours only (`missingThere`), or both with another amount (`amountDiffers`).
 * Open until a person fixes it (an audited action: settled from the provider, or accepted with a note).
 */
export const payDifferences = pgTable(
  'pay_differences',
  {
    ...areaLogRow(),
    payWay: smallint('pay_way').notNull(),
    statementDate: date('statement_date', { mode: 'string' }).notNull(),
    /** PayDifferenceKind */
    kind: varchar('kind', { length: 16 }).notNull(),
    /** payment | refund */
    lineKind: varchar('line_kind', { length: 8 }).notNull(),
    paymentNo: varchar('payment_no', { length: 32 }).notNull(),
    refundNo: varchar('refund_no', { length: 32 }).notNull().default(''),
    providerTxnId: varchar('provider_txn_id', { length: 64 }).notNull().default(''),
    /** In cents; null where that side has no line */
    ourAmount: integer('our_amount'),
    theirAmount: integer('their_amount'),
    /** open → settled | accepted */
    status: varchar('status', { length: 16 }).notNull().default('open'),
    note: varchar('note', { length: 200 }).notNull().default(''),
    resolvedBy: integer('resolved_by'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('pay_differences_line_uq').on(
      t.scenicId,
      t.payWay,
      t.statementDate,
      t.lineKind,
      t.paymentNo,
      t.refundNo,
    ),
    index('pay_differences_scenic_date_idx').on(t.scenicId, t.statementDate),
  ],
);
export type PayDifferenceRow = typeof payDifferences.$inferSelect;
