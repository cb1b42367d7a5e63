import { sql } from 'drizzle-orm';
import {
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
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { admins } from '../accounts/index.ts';
import { refundRecordColumns } from '../payments/payments.table.ts';
import { areaRow } from '../scenic/scenic.table.ts';
import { createdAt, timestamps } from '../../db/columns.ts';
import type { CardSaleSourceCode } from '../../../shared/dict/cards.ts';
import { cardKinds } from './cards.table.ts';

/** Spec §4 card order statuses (CardOrderStatus). */
const ORDER_STATUSES = sql.raw('101, 201, 203, 301, 401, 501, 502');

/**
 * A card order (docs/domain.md "Travel card"): the money of one card of one kind. Its status moves
 * only along C1-C10, each move a compare-and-set on `status`.
 */
export const cardOrders = pgTable(
  'card_orders',
  {
    ...areaRow(),
    /** 'C' + the area's day + 10 random digits */
    orderNo: varchar('order_no', { length: 32 }).notNull(),
    // a kind with orders is never deleted (its delete guard answers 409 first)
    kindId: integer('kind_id')
      .notNull()
      .references(() => cardKinds.id),
    buyerName: varchar('buyer_name', { length: 40 }).notNull().default(''),
    buyerPhone: varchar('buyer_phone', { length: 20 }).notNull().default(''),
    /** CardSaleSource client id that sold it */
    source: varchar('source', { length: 32 }).$type<CardSaleSourceCode>().notNull(),
    /** PayWay (spec §9), 0 a redeem code; null while unpaid (C1) and when cancelled unpaid (C4) */
    payWay: smallint('pay_way'),
    /** cents: the kind's price when sold */
    amount: integer('amount').notNull(),
    /** CardOrderStatus */
    status: smallint('status').notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** cents given back (C7, C8) */
    refundedAmount: integer('refunded_amount').notNull().default(0),
    /** why staff voided or refunded it */
    reason: varchar('reason', { length: 200 }).notNull().default(''),
    createdBy: integer('created_by').references(() => admins.id, { onDelete: 'set null' }),
    /** the member who bought it through the member API (card-member.routes.ts); null otherwise */
    memberId: integer('member_id'),
    /** the client that sold it (selling or member API: its orders only); null from the back office */
    clientId: varchar('client_id', { length: 64 }),
    /** C1: an unpaid order's deadline (15 minutes); C4 after it */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** the online provider that took the payment (C3: wechat, alipay); null for money taken offline */
    provider: varchar('provider', { length: 32 }),
    providerTxnId: varchar('provider_txn_id', { length: 64 }),
    /** the member's coupon the order holds (C1) or spent (C2, C3) */
    memberCouponId: integer('member_coupon_id'),
    /** cents the coupon took off the kind's price (`amount` is what is paid) */
    couponDiscount: integer('coupon_discount').notNull().default(0),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('card_orders_no_uq').on(t.orderNo),
    index('card_orders_member_idx').on(t.scenicId, t.memberId),
    // a provider's payment confirms one order (C3); the same transaction again is a duplicate
    uniqueIndex('card_orders_provider_txn_uq')
      .on(t.payWay, t.providerTxnId)
      .where(sql`${t.providerTxnId} is not null`),
    index('card_orders_unpaid_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} = 101`),
    index('card_orders_scenic_idx').on(t.scenicId, t.createdAt),
    index('card_orders_kind_idx').on(t.kindId),
    index('card_orders_buyer_phone_idx').on(t.scenicId, t.buyerPhone),
    check('card_orders_status_ck', sql`${t.status} in (${ORDER_STATUSES})`),
    check('card_orders_amounts_ck', sql`${t.amount} >= 0 and ${t.refundedAmount} between 0 and ${t.amount}`),
  ],
);

export type CardOrder = typeof cardOrders.$inferSelect;

/**
 * An issued card (docs/domain.md "The card"): what the gates read. One per order, and one more for
 * each replacement (the old one state 4, `replaced_by` the new one).
 */
export const cards = pgTable(
  'cards',
  {
    ...areaRow(),
    /** 16 characters of an unambiguous alphabet, 80 random bits */
    cardNo: varchar('card_no', { length: 16 }).notNull(),
    orderId: integer('order_id')
      .notNull()
      .references(() => cardOrders.id),
    kindId: integer('kind_id')
      .notNull()
      .references(() => cardKinds.id),
    /** CardState: 1 not activated, 2 active, 3 frozen, 4 replaced, 5 expired, 6 dead */
    state: smallint('state').notNull().default(1),
    holderName: varchar('holder_name', { length: 40 }).notNull().default(''),
    holderIdNumber: varchar('holder_id_number', { length: 18 }).notNull().default(''),
    holderPhone: varchar('holder_phone', { length: 20 }).notNull().default(''),
    facePhoto: varchar('face_photo', { length: 500 }).notNull().default(''),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    /** the area's days; null until activated; a null valid_until is a permanent card */
    validFrom: date('valid_from'),
    validUntil: date('valid_until'),
    entriesUsed: integer('entries_used').notNull().default(0),
    entriesToday: integer('entries_today').notNull().default(0),
    lastEntryDay: date('last_entry_day'),
    /** the IC card bound to it by staff (docs/domain.md "At the gate"); unique in the area where set */
    icNo: varchar('ic_no', { length: 32 }),
    replacedBy: integer('replaced_by').references((): AnyPgColumn => cards.id),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('cards_no_uq').on(t.cardNo),
    index('cards_scenic_idx').on(t.scenicId, t.createdAt),
    index('cards_order_idx').on(t.orderId),
    index('cards_holder_id_idx').on(t.scenicId, t.holderIdNumber),
    index('cards_holder_phone_idx').on(t.scenicId, t.holderPhone),
    uniqueIndex('cards_scenic_ic_uq').on(t.scenicId, t.icNo),
    check('cards_state_ck', sql`${t.state} between 1 and 6`),
    check('cards_entries_ck', sql`${t.entriesUsed} >= 0 and ${t.entriesToday} >= 0`),
    check('cards_validity_ck', sql`${t.validUntil} is null or ${t.validUntil} >= ${t.validFrom}`),
    check('cards_replaced_ck', sql`(${t.state} = 4) = (${t.replacedBy} is not null)`),
  ],
);

export type Card = typeof cards.$inferSelect;

/** The holder's data of a card as changed by staff: append-only, listed on the card's detail. */
export const cardHolderChanges = pgTable(
  'card_holder_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    cardId: integer('card_id')
      .notNull()
      .references(() => cards.id, { onDelete: 'cascade' }),
    adminId: integer('admin_id').references(() => admins.id, { onDelete: 'set null' }),
    before: jsonb('before').$type<Record<string, string>>().notNull(),
    after: jsonb('after').$type<Record<string, string>>().notNull(),
    reason: varchar('reason', { length: 200 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('card_holder_changes_card_idx').on(t.cardId, t.id)],
);

/**
 * Money given back through an online provider (docs/payments.md "Travel cards"): a refund of an
 * order paid by WeChat Pay or Alipay (C7, C8), or a payment the order could not take (paid after C4,
 * or paid twice). Created in the refund's transaction; the refund sender of payments claims it
 * (created → transit), calls the provider and ends it done or failed with the provider's reason.
 * The attempts and the next one are the sender's (provider_refunds, target `card`).
 */
export const cardRefunds = pgTable(
  'card_refunds',
  {
    ...areaRow(),
    orderId: integer('order_id')
      .notNull()
      .references(() => cardOrders.id),
    /** the payment it gives back: its pay way, provider and provider's transaction */
    payWay: smallint('pay_way').notNull(),
    provider: varchar('provider', { length: 32 }).notNull(),
    providerTxnId: varchar('provider_txn_id', { length: 64 }).notNull(),
    /** cents */
    amount: integer('amount').notNull(),
    // status (CardRefundStatus: created, transit, done, failed, external: paid back outside the
    // system by staff), reason (staff's, or paidAfterCancel / paidTwice for a payment the order could
    // not take), the provider's fail reason, refund id, the staff member and when it ended
    ...refundRecordColumns(300),
  },
  (t) => [
    index('card_refunds_order_idx').on(t.orderId),
    index('card_refunds_status_idx').on(t.status, t.id),
    check('card_refunds_amount_ck', sql`${t.amount} > 0`),
    check('card_refunds_status_ck', sql`${t.status} in ('created', 'transit', 'done', 'failed', 'external')`),
  ],
);

export type CardRefund = typeof cardRefunds.$inferSelect;
