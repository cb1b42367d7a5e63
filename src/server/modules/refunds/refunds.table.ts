import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  pgTable,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { orderTickets, payments, ticketOrders } from '../orders/orders.table.ts';
import { createdAt } from '../../db/columns.ts';

/** `/ticket/refundTicCheck`: a refund application for one ticket, fee frozen at request time. */
export const refundRequests = pgTable(
  'refund_requests',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    scenicId: integer('scenic_id').notNull(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => ticketOrders.id, { onDelete: 'restrict' }),
    ticketId: bigint('ticket_id', { mode: 'number' })
      .notNull()
      .references(() => orderTickets.id, { onDelete: 'restrict' }),
    /** RefundApplyStatus: 1 pending, 2 approved, 3 rejected, 4 withdrawn */
    status: smallint('status').notNull().default(1),
    statusBeforeRefund: smallint('status_before_refund').notNull(),
    /** The ticket's price, the fee of the product's refund rule, and what goes back */
    ticketAmount: integer('ticket_amount').notNull(),
    fee: integer('fee').notNull(),
    refundAmount: integer('refund_amount').notNull(),
    reason: varchar('reason', { length: 200 }).notNull().default(''),
    /** Who asked: a client id, or a staff account */
    requestedBy: varchar('requested_by', { length: 64 }).notNull(),
    requestedByAdminId: integer('requested_by_admin_id'),
    reviewedByAdminId: integer('reviewed_by_admin_id'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    rejectReason: varchar('reject_reason', { length: 200 }).notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    index('refund_requests_scenic_status_idx').on(t.scenicId, t.status, t.createdAt),
    index('refund_requests_order_idx').on(t.orderId),
    // one open request per ticket
    uniqueIndex('refund_requests_open_uq')
      .on(t.ticketId)
      .where(sql`${t.status} = 1`),
    check(
      'refund_requests_amount_ck',
      sql`${t.fee} >= 0 and ${t.refundAmount} >= 0 and ${t.fee} + ${t.refundAmount} = ${t.ticketAmount}`,
    ),
  ],
);

/** Money going back (docs/domain.md "Refund"), split over the original payments. */
export const refunds = pgTable(
  'refunds',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    scenicId: integer('scenic_id').notNull(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => ticketOrders.id, { onDelete: 'restrict' }),
    paymentId: bigint('payment_id', { mode: 'number' })
      .notNull()
      .references(() => payments.id, { onDelete: 'restrict' }),
    refundRequestId: bigint('refund_request_id', { mode: 'number' }).references(() => refundRequests.id, {
      onDelete: 'restrict',
    }),
    /** Tickets this refund is for (empty: money only, e.g. a goodwill refund or a late payment) */
    ticketIds: bigint('ticket_ids', { mode: 'number' })
      .array()
      .notNull()
      .default(sql`'{}'::bigint[]`),
    amount: integer('amount').notNull(),
    /** RefundStatus */
    status: varchar('status', { length: 16 }).notNull(),
    providerRefundId: varchar('provider_refund_id', { length: 64 }),
    reason: varchar('reason', { length: 200 }).notNull().default(''),
    /** Why the money did not go back (T22): the provider's words after the last attempt */
    failReason: varchar('fail_reason', { length: 300 }).notNull().default(''),
    adminId: integer('admin_id'),
    createdAt: createdAt(),
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (t) => [index('refunds_order_idx').on(t.orderId), check('refunds_amount_ck', sql`${t.amount} > 0`)],
);
