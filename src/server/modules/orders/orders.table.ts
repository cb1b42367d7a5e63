import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { admins } from '../accounts/accounts.table.ts';
import { productSessions, ticketProducts } from '../products/products.table.ts';
import { scenicAreas } from '../scenic/scenic.table.ts';
import { createdAt, timestamps, updatedAt } from '../../db/columns.ts';

const money = (name: string) => integer(name).notNull().default(0);

/*
 * Columns that point into a table of a module plugging into orders (a member, a coupon, a price
 * tier, a public-stock slot, a show, a travel departure) keep their foreign keys in the database:
 * migrations created them and 0034_plugin_foreign_keys.sql notes each. This schema does not name
 * those tables, so orders imports none of the modules that plug into it (docs/architecture.md
 * "Extension points"); src/server/db/plugin-foreign-keys.test.ts checks the keys are still there.
 */

/**
 * `/ticket/order`: an order of one buyer through one channel. Its `status` is a summary of its
 * tickets (docs/domain.md: status per ticket); money in cents.
 */
export const ticketOrders = pgTable(
  'ticket_orders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderNo: varchar('order_no', { length: 32 }).notNull(),
    scenicId: integer('scenic_id')
      .notNull()
      .references(() => scenicAreas.id, { onDelete: 'restrict' }),
    /** BuyChannel (docs/product.md §9) */
    channel: smallint('channel').notNull(),
    /** The OAuth client (terminal client id, docs/product.md §9) that placed it */
    clientId: varchar('client_id', { length: 64 }).notNull(),
    /** Staff account that placed it at a window, or the distributor account */
    adminId: integer('admin_id').references(() => admins.id, { onDelete: 'set null' }),
    /** The channel's own order number (OTA, distributor) */
    externalNo: varchar('external_no', { length: 64 }),
    buyerName: varchar('buyer_name', { length: 50 }).notNull().default(''),
    buyerPhone: varchar('buyer_phone', { length: 20 }).notNull().default(''),
    buyerIdNumber: varchar('buyer_id_number', { length: 18 }),
    /** The travel package departure an order of a package books (null: a ticket order) */
    departureId: integer('departure_id'),
    /** First visit date of the order's tickets */
    visitDate: date('visit_date').notNull(),
    ticketCount: integer('ticket_count').notNull(),
    /** The member who bought (their level discount applied; their balance may pay) */
    memberId: integer('member_id'),
    /** The member's coupon the order reserved (T1) and spent (T2/T3) */
    memberCouponId: bigint('member_coupon_id', { mode: 'number' }),
    /** cents before discounts; totalAmount = originalAmount - levelDiscount - couponDiscount */
    originalAmount: money('original_amount'),
    levelDiscount: money('level_discount'),
    couponDiscount: money('coupon_discount'),
    totalAmount: money('total_amount'),
    paidAmount: money('paid_amount'),
    refundedAmount: money('refunded_amount'),
    /** PayStatus: 101 unpaid, 103 timed out, 201 paid */
    payStatus: smallint('pay_status').notNull().default(101),
    /** PayWay of the confirmed payment */
    payWay: smallint('pay_way'),
    /** Summary TicketStatus of the tickets */
    status: smallint('status').notNull(),
    /** Unpaid orders hold their inventory until then (T1, T5) */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    remark: varchar('remark', { length: 200 }).notNull().default(''),
    /** The distributor's price tier the order was priced at (price-tiers/tier-pricing.step.ts) */
    tierId: integer('tier_id'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('ticket_orders_no_uq').on(t.orderNo),
    uniqueIndex('ticket_orders_external_uq').on(t.clientId, t.externalNo),
    // ascending on purpose: scanned backwards it is exactly ORDER BY created_at DESC, id DESC (NULLS
    // FIRST), so the newest page is read from the index; a DESC NULLS LAST index would not match
    index('ticket_orders_scenic_created_idx').on(t.scenicId, t.createdAt, t.id),
    index('ticket_orders_scenic_visit_idx').on(t.scenicId, t.visitDate),
    // the list filtered by status or by channel, newest first (read backwards like the one above)
    index('ticket_orders_scenic_status_created_idx').on(t.scenicId, t.status, t.createdAt, t.id),
    index('ticket_orders_scenic_channel_created_idx').on(t.scenicId, t.channel, t.createdAt, t.id),
    index('ticket_orders_phone_idx').on(t.buyerPhone),
    index('ticket_orders_member_idx')
      .on(t.memberId, t.createdAt)
      .where(sql`${t.memberId} is not null`),
    index('ticket_orders_departure_idx')
      .on(t.departureId)
      .where(sql`${t.departureId} is not null`),
    index('ticket_orders_unpaid_idx')
      .on(t.expiresAt)
      .where(sql`${t.payStatus} = 101`),
    check(
      'ticket_orders_money_ck',
      sql`${t.totalAmount} >= 0 and ${t.paidAmount} >= 0 and ${t.refundedAmount} >= 0 and ${t.refundedAmount} <= ${t.paidAmount}`,
    ),
  ],
);

/**
 * Counts and money of the orders per area, day (of creation, China time), channel, status, pay
 * status and pay way: what the order list's totals read instead of a million orders. Rows are
 * deltas appended by a trigger on ticket_orders in the transaction that changes the order (no row
 * is updated in place, so concurrent orders never wait on each other here); a job folds them into
 * one row per key (`compactOrderTotals`). Sums over it equal sums over the orders. Migration 0010.
 */
export const orderTotalsDaily = pgTable(
  'order_totals_daily',
  {
    scenicId: integer('scenic_id').notNull(),
    day: date('day').notNull(),
    channel: smallint('channel').notNull(),
    status: smallint('status').notNull(),
    payStatus: smallint('pay_status').notNull(),
    /** 0 when the order has no pay way yet */
    payWay: smallint('pay_way').notNull(),
    orders: integer('orders').notNull(),
    totalAmount: bigint('total_amount', { mode: 'number' }).notNull(),
    paidAmount: bigint('paid_amount', { mode: 'number' }).notNull(),
    refundedAmount: bigint('refunded_amount', { mode: 'number' }).notNull(),
  },
  (t) => [index('order_totals_daily_scenic_day_idx').on(t.scenicId, t.day)],
);

/** One ticket (visitor) of an order, with its own status (docs/domain.md T1-T25). */
export const orderTickets = pgTable(
  'order_tickets',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => ticketOrders.id, { onDelete: 'cascade' }),
    scenicId: integer('scenic_id').notNull(),
    productId: integer('product_id')
      .notNull()
      .references(() => ticketProducts.id, { onDelete: 'restrict' }),
    productType: smallint('product_type').notNull(),
    sessionId: integer('session_id').references(() => productSessions.id, { onDelete: 'restrict' }),
    /** The public-stock slot it counted against (null: none) */
    periodId: integer('period_id'),
    showId: integer('show_id'),
    /** The travel package departure whose seat the ticket holds (docs/decisions.md) */
    departureId: integer('departure_id'),
    seatRow: integer('seat_row'),
    seatCol: integer('seat_col'),
    seatLabel: varchar('seat_label', { length: 16 }),
    visitDate: date('visit_date').notNull(),
    validFrom: timestamp('valid_from', { withTimezone: true }).notNull(),
    validUntil: timestamp('valid_until', { withTimezone: true }).notNull(),
    price: integer('price').notNull(),
    /** A tier-priced ticket: the lowest price the distributor may sell it at, in cents */
    retailFloor: integer('retail_floor'),
    visitorName: varchar('visitor_name', { length: 50 }).notNull().default(''),
    visitorIdNumber: varchar('visitor_id_number', { length: 18 }),
    visitorPhone: varchar('visitor_phone', { length: 20 }).notNull().default(''),
    /** Unguessable ticket secret: the QR payload; revoked (set null) on refund or void */
    code: varchar('code', { length: 64 }),
    /** TicketStatus; changed only by the transitions of src/shared/domain/ticket-transitions.ts */
    status: smallint('status').notNull(),
    /** Entries left for a multi-use ticket (entry mode 2) */
    entriesLeft: integer('entries_left').notNull().default(1),
    entryCount: integer('entry_count').notNull().default(0),
    firstEntryAt: timestamp('first_entry_at', { withTimezone: true }),
    /** Time-limited tickets: when the visitor left by a timer-pause gate (21); null while the clock runs */
    timerPausedAt: timestamp('timer_paused_at', { withTimezone: true }),
    /** Time-limited tickets: milliseconds spent paused so far (they do not count against the limit) */
    timerPausedMs: bigint('timer_paused_ms', { mode: 'number' }).notNull().default(0),
    printCount: integer('print_count').notNull().default(0),
    ...timestamps(),
  },
  (t) => [
    index('order_tickets_order_idx').on(t.orderId),
    uniqueIndex('order_tickets_code_uq').on(t.code),
    index('order_tickets_scenic_status_idx').on(t.scenicId, t.status, t.validUntil),
    index('order_tickets_id_number_idx').on(t.visitorIdNumber),
    index('order_tickets_product_idx').on(t.productId, t.visitDate),
    uniqueIndex('order_tickets_seat_uq')
      .on(t.showId, t.seatRow, t.seatCol)
      .where(sql`${t.showId} is not null and ${t.status} not in (102, 103, 203, 502)`),
  ],
);

/** Payments of an order (docs/domain.md "Payment"); never deleted; deduplicated by the provider's id. */
export const payments = pgTable(
  'payments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => ticketOrders.id, { onDelete: 'restrict' }),
    scenicId: integer('scenic_id').notNull(),
    /** PayWay */
    payWay: smallint('pay_way').notNull(),
    /** 'offline' (cash, POS, on account, balances) or an online provider's name */
    provider: varchar('provider', { length: 32 }).notNull(),
    providerTxnId: varchar('provider_txn_id', { length: 64 }),
    amount: integer('amount').notNull(),
    /** PaymentStatus */
    status: varchar('status', { length: 16 }).notNull(),
    /** Amount refunded from this payment so far */
    refundedAmount: money('refunded_amount'),
    createdAt: createdAt(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('payments_order_idx').on(t.orderId),
    // the order list's ordPayId filter (the unique index leads with the provider)
    index('payments_txn_idx').on(t.providerTxnId),
    uniqueIndex('payments_provider_txn_uq').on(t.provider, t.providerTxnId),
    check(
      'payments_amount_ck',
      sql`${t.amount} >= 0 and ${t.refundedAmount} >= 0 and ${t.refundedAmount} <= ${t.amount}`,
    ),
  ],
);

/** Replies of money- and stock-moving calls kept for their `Idempotency-Key` (docs/architecture.md). */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    clientId: varchar('client_id', { length: 64 }).notNull(),
    key: varchar('key', { length: 128 }).notNull(),
    /** SHA-256 of method, path and body: the same key with another request is a 409 */
    requestHash: varchar('request_hash', { length: 64 }).notNull(),
    statusCode: integer('status_code'),
    response: jsonb('response'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('idempotency_keys_uq').on(t.clientId, t.key),
    index('idempotency_keys_created_idx').on(t.createdAt),
  ],
);
