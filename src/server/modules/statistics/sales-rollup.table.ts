import { bigint, date, index, integer, pgTable, smallint } from 'drizzle-orm/pg-core';

/*
 * The sales rollups (docs/statistics.md "Sales"): what every sales report reads instead of a year of
 * orders. Rows are deltas appended by triggers on ticket_orders and order_tickets in the transaction
 * that changes the order or its tickets (no row is updated in place, so concurrent sales never wait
 * on each other here); a job folds them into one row per key (`foldSalesRollups`). Only paid orders
 * (pay status 201) count, on the area day the order was created. Sums over them equal sums over the
 * facts (`npm run check:rollups`).
 */

/** Per area, day, product, product type, channel, pay way and distributor: tickets of paid orders. */
export const salesDaily = pgTable(
  'sales_daily',
  {
    scenicId: integer('scenic_id').notNull(),
    day: date('day').notNull(),
    productId: integer('product_id').notNull(),
    /** ProductType (docs/product.md §9) */
    productType: smallint('product_type').notNull(),
    /** BuyChannel */
    channel: smallint('channel').notNull(),
    /** PayWay of the order, 0 when it has none */
    payWay: smallint('pay_way').notNull(),
    /** The distributor's login account of a distribution order (channel 13), else 0 */
    distributorId: integer('distributor_id').notNull(),
    tickets: integer('tickets').notNull(),
    /** Sum of the tickets' prices, in cents */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** Tickets now refunded (status 203) and their prices */
    refundedTickets: integer('refunded_tickets').notNull(),
    refundedAmount: bigint('refunded_amount', { mode: 'number' }).notNull(),
  },
  (t) => [index('sales_daily_scenic_day_idx').on(t.scenicId, t.day)],
);

/** What both order-level rollups keep of the paid orders. */
const orderValues = () => ({
  orders: integer('orders').notNull(),
  /** The orders' ticket counts */
  tickets: integer('tickets').notNull(),
  /** The orders' total amount, in cents */
  amount: bigint('amount', { mode: 'number' }).notNull(),
  /** Money refunded on them so far (ticket_orders.refunded_amount), in cents */
  refundedAmount: bigint('refunded_amount', { mode: 'number' }).notNull(),
});

/** Per area, day, channel, pay way and distributor: paid orders and their money. */
export const salesOrdersDaily = pgTable(
  'sales_orders_daily',
  {
    scenicId: integer('scenic_id').notNull(),
    day: date('day').notNull(),
    channel: smallint('channel').notNull(),
    payWay: smallint('pay_way').notNull(),
    distributorId: integer('distributor_id').notNull(),
    ...orderValues(),
  },
  (t) => [index('sales_orders_daily_scenic_day_idx').on(t.scenicId, t.day)],
);

/** Per area, day, hour of the day and channel (fewer keys: sales by hour of day): paid orders. */
export const salesHourly = pgTable(
  'sales_hourly',
  {
    scenicId: integer('scenic_id').notNull(),
    day: date('day').notNull(),
    /** 0-23 on the area's clock */
    hour: smallint('hour').notNull(),
    channel: smallint('channel').notNull(),
    ...orderValues(),
  },
  (t) => [index('sales_hourly_scenic_day_idx').on(t.scenicId, t.day)],
);
