import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { admins } from '../accounts/accounts.table.ts';
import { members } from '../members/members.table.ts';
import { refundRecordColumns } from '../payments/payments.table.ts';
import { areaLogRow, areaRow } from '../scenic/scenic.table.ts';
import { createdAt, timestamps } from '../../db/columns.ts';

const SHOP_STATUSES = sql.raw('101, 102, 103, 201, 202, 203, 204, 205, 301, 302, 401, 402, 601');

/** /shop/goodType: the goods categories, a tree of two levels (a child's parent has no parent). */
export const shopCategories = pgTable(
  'shop_categories',
  {
    ...areaRow(),
    parentId: integer('parent_id').references((): AnyPgColumn => shopCategories.id, { onDelete: 'restrict' }),
    name: varchar('name', { length: 30 }).notNull(),
    icon: varchar('icon', { length: 500 }).notNull().default(''),
    sort: integer('sort').notNull().default(0),
    /** EnableStatus: 1 enabled, 2 disabled */
    status: smallint('status').notNull().default(1),
    ...timestamps(),
  },
  (t) => [
    index('shop_categories_scenic_idx').on(t.scenicId, t.parentId, t.sort),
    uniqueIndex('shop_categories_name_uq').on(t.scenicId, sql`coalesce(${t.parentId}, 0)`, t.name),
    check('shop_categories_status_check', sql`${t.status} in (1, 2)`),
    check('shop_categories_not_own_parent', sql`${t.parentId} is null or ${t.parentId} <> ${t.id}`),
  ],
);

/** /shop/goodServe: the service items goods show ("7 天无理由退货", "包邮"); ServiceStatus 1 effective, 2 invalid. */
export const shopServices = pgTable(
  'shop_services',
  {
    ...areaRow(),
    name: varchar('name', { length: 30 }).notNull(),
    description: varchar('description', { length: 200 }).notNull().default(''),
    sort: integer('sort').notNull().default(0),
    status: smallint('status').notNull().default(1),
    ...timestamps(),
  },
  (t) => [
    index('shop_services_scenic_idx').on(t.scenicId, t.sort),
    check('shop_services_status_check', sql`${t.status} in (1, 2)`),
  ],
);

/** One specification of a goods item and its values, e.g. { name: '规格', values: ['250g', '500g'] }. */
export interface ShopSpec {
  name: string;
  values: string[];
}

/** /shop/good: a goods item; its prices and stock are its SKUs'. */
export const shopGoods = pgTable(
  'shop_goods',
  {
    ...areaRow(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => shopCategories.id, { onDelete: 'restrict' }),
    name: varchar('name', { length: 60 }).notNull(),
    subtitle: varchar('subtitle', { length: 120 }).notNull().default(''),
    cover: varchar('cover', { length: 500 }).notNull().default(''),
    gallery: varchar('gallery', { length: 500 })
      .array()
      .notNull()
      .default(sql`'{}'::varchar[]`),
    /** sanitised rich text (sanitizeRichText of the notices module) */
    detail: text('detail').notNull().default(''),
    /** shop_services ids shown on the goods page */
    serviceIds: integer('service_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    /** the specifications, in the order of each SKU's `specValues` */
    specs: jsonb('specs').$type<ShopSpec[]>().notNull().default([]),
    /** ShelfStatus: 1 on shelf, 2 off shelf; the mini-program shows goods on shelf only */
    status: smallint('status').notNull().default(2),
    sort: integer('sort').notNull().default(0),
    /** pieces sold: raised when an order is paid, lowered by a refund of its lines */
    sales: integer('sales').notNull().default(0),
    ...timestamps(),
  },
  (t) => [
    index('shop_goods_scenic_idx').on(t.scenicId, t.sort, t.id),
    index('shop_goods_category_idx').on(t.categoryId),
    check('shop_goods_status_check', sql`${t.status} in (1, 2)`),
    check('shop_goods_sales_check', sql`${t.sales} >= 0`),
  ],
);

/** A sellable variant of a goods item: one value of each specification, its own price, stock, code and image. */
export const shopSkus = pgTable(
  'shop_skus',
  {
    ...areaRow(),
    goodsId: integer('goods_id')
      .notNull()
      .references(() => shopGoods.id, { onDelete: 'cascade' }),
    specValues: varchar('spec_values', { length: 30 })
      .array()
      .notNull()
      .default(sql`'{}'::varchar[]`),
    code: varchar('code', { length: 40 }).notNull().default(''),
    image: varchar('image', { length: 500 }).notNull().default(''),
    /** cents */
    price: integer('price').notNull(),
    originalPrice: integer('original_price').notNull().default(0),
    /** changed only by a guarded update written with its shop_stock_moves row */
    stock: integer('stock').notNull().default(0),
    sort: integer('sort').notNull().default(0),
    ...timestamps(),
  },
  (t) => [
    index('shop_skus_goods_idx').on(t.goodsId, t.sort),
    uniqueIndex('shop_skus_code_uq')
      .on(t.scenicId, t.code)
      .where(sql`${t.code} <> ''`),
    check('shop_skus_stock_check', sql`${t.stock} >= 0`),
    check('shop_skus_price_check', sql`${t.price} >= 0 and ${t.originalPrice} >= 0`),
  ],
);

/** The stock ledger: every movement of a SKU's stock, append-only; `stock_after` is the SKU's stock after it. */
export const shopStockMoves = pgTable(
  'shop_stock_moves',
  {
    ...areaLogRow(),
    goodsId: integer('goods_id')
      .notNull()
      .references(() => shopGoods.id, { onDelete: 'cascade' }),
    skuId: integer('sku_id')
      .notNull()
      .references(() => shopSkus.id, { onDelete: 'cascade' }),
    delta: integer('delta').notNull(),
    stockAfter: integer('stock_after').notNull(),
    /** StockMoveReason */
    reason: smallint('reason').notNull(),
    note: varchar('note', { length: 200 }).notNull().default(''),
    orderId: integer('order_id').references((): AnyPgColumn => shopOrders.id, { onDelete: 'set null' }),
    adminId: integer('admin_id').references(() => admins.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('shop_stock_moves_sku_idx').on(t.skuId, t.id),
    check('shop_stock_moves_after_check', sql`${t.stockAfter} >= 0`),
    check('shop_stock_moves_reason_check', sql`${t.reason} between 1 and 7`),
  ],
);

/** /shop/shopOrder: an order of the mini-program's shop; its status moves only along S1-S23. */
export const shopOrders = pgTable(
  'shop_orders',
  {
    ...areaRow(),
    orderNo: varchar('order_no', { length: 32 }).notNull(),
    memberId: integer('member_id').references(() => members.id, { onDelete: 'set null' }),
    /** ShopOrderStatus; changed only by the transitions of src/shared/domain/shop-order-transitions.ts */
    status: smallint('status').notNull().default(101),
    /** kept when a refund is requested (S7, S12): where S15 returns and S17 resumes */
    statusBeforeRefund: smallint('status_before_refund'),
    /** cents: the lines' total, the shipping fee, the coupon's discount, what the buyer pays */
    goodsAmount: integer('goods_amount').notNull(),
    freight: integer('freight').notNull().default(0),
    discount: integer('discount').notNull().default(0),
    payAmount: integer('pay_amount').notNull(),
    refundedAmount: integer('refunded_amount').notNull().default(0),
    /** the member's coupon reserved for this order (coupon use 2), if any */
    memberCouponId: integer('member_coupon_id'),
    receiverName: varchar('receiver_name', { length: 30 }).notNull(),
    receiverPhone: varchar('receiver_phone', { length: 20 }).notNull(),
    receiverAddress: varchar('receiver_address', { length: 200 }).notNull(),
    remark: varchar('remark', { length: 200 }).notNull().default(''),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    receivedAt: timestamp('received_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** set at S9 (receipt confirmed): until when the buyer may ask for after-sales (S12) and review (S20) */
    afterSaleUntil: timestamp('after_sale_until', { withTimezone: true }),
    reviewUntil: timestamp('review_until', { withTimezone: true }),
    /** why staff cancelled or closed it (S4 by staff, S23) */
    closeReason: varchar('close_reason', { length: 200 }).notNull().default(''),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('shop_orders_no_uq').on(t.orderNo),
    index('shop_orders_scenic_status_idx').on(t.scenicId, t.status, t.createdAt),
    index('shop_orders_member_idx').on(t.memberId),
    check('shop_orders_status_check', sql`${t.status} in (${SHOP_STATUSES})`),
    check(
      'shop_orders_before_check',
      sql`${t.statusBeforeRefund} is null or ${t.statusBeforeRefund} in (201, 302, 401, 402)`,
    ),
    check(
      'shop_orders_amounts_check',
      sql`${t.goodsAmount} >= 0 and ${t.freight} >= 0 and ${t.discount} >= 0 and ${t.payAmount} >= 0 and ${t.refundedAmount} between 0 and ${t.payAmount}`,
    ),
  ],
);

/** A line of a shop order: a snapshot of the SKU when ordered, and what of it was refunded. */
export const shopOrderLines = pgTable(
  'shop_order_lines',
  {
    ...areaRow(),
    orderId: integer('order_id')
      .notNull()
      .references(() => shopOrders.id, { onDelete: 'cascade' }),
    goodsId: integer('goods_id').references(() => shopGoods.id, { onDelete: 'set null' }),
    skuId: integer('sku_id').references(() => shopSkus.id, { onDelete: 'set null' }),
    goodsName: varchar('goods_name', { length: 60 }).notNull(),
    specText: varchar('spec_text', { length: 100 }).notNull().default(''),
    image: varchar('image', { length: 500 }).notNull().default(''),
    price: integer('price').notNull(),
    quantity: integer('quantity').notNull(),
    amount: integer('amount').notNull(),
    refundedQuantity: integer('refunded_quantity').notNull().default(0),
    refundedAmount: integer('refunded_amount').notNull().default(0),
  },
  (t) => [
    index('shop_order_lines_order_idx').on(t.orderId),
    check(
      'shop_order_lines_quantity_check',
      sql`${t.quantity} > 0 and ${t.refundedQuantity} between 0 and ${t.quantity}`,
    ),
    check('shop_order_lines_amount_check', sql`${t.refundedAmount} between 0 and ${t.amount}`),
  ],
);

/** Payments of shop orders (append-only facts); a provider's id is seen once. */
export const shopPayments = pgTable(
  'shop_payments',
  {
    ...areaRow(),
    orderId: integer('order_id')
      .notNull()
      .references(() => shopOrders.id, { onDelete: 'cascade' }),
    /** PayWay (docs/product.md §9), e.g. 2 WeChat, 9 member balance */
    payWay: smallint('pay_way').notNull(),
    amount: integer('amount').notNull(),
    providerTxnId: varchar('provider_txn_id', { length: 64 }),
    /** 'offline' (a reported pay way, the balance) or the online provider that confirmed it (wechat, alipay) */
    provider: varchar('provider', { length: 32 }).notNull().default('offline'),
    /** 'confirmed' | 'refunded' */
    status: varchar('status', { length: 16 }).notNull().default('confirmed'),
    createdAt: createdAt(),
  },
  (t) => [
    index('shop_payments_order_idx').on(t.orderId),
    uniqueIndex('shop_payments_provider_uq')
      .on(t.payWay, t.providerTxnId)
      .where(sql`${t.providerTxnId} is not null`),
    check('shop_payments_amount_check', sql`${t.amount} > 0`),
  ],
);

/** Shipping of a shop order (S6): carrier and tracking number. */
export const shopShipments = pgTable(
  'shop_shipments',
  {
    ...areaRow(),
    orderId: integer('order_id')
      .notNull()
      .references(() => shopOrders.id, { onDelete: 'cascade' }),
    carrier: varchar('carrier', { length: 30 }).notNull(),
    trackingNo: varchar('tracking_no', { length: 40 }).notNull(),
    adminId: integer('admin_id').references(() => admins.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('shop_shipments_order_idx').on(t.orderId)],
);

/** Every status move of a shop order, append-only: the transition, who made it and why. */
export const shopOrderHistory = pgTable(
  'shop_order_history',
  {
    ...areaLogRow(),
    orderId: integer('order_id')
      .notNull()
      .references(() => shopOrders.id, { onDelete: 'cascade' }),
    transition: varchar('transition', { length: 4 }).notNull(),
    fromStatus: smallint('from_status'),
    toStatus: smallint('to_status').notNull(),
    adminId: integer('admin_id').references(() => admins.id, { onDelete: 'set null' }),
    memberId: integer('member_id').references(() => members.id, { onDelete: 'set null' }),
    note: varchar('note', { length: 200 }).notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('shop_order_history_order_idx').on(t.orderId, t.id)],
);

/**
 * After-sales requests (docs/domain.md "Refund request / after-sales"; spec §9 type 1 return and
 * refund, 2 refund only), also the refund a buyer asks for before shipment (S7). Amount and lines are
 * frozen when asked; `status_before_refund` is the order's status then. At most one open request per order.
 */
export const shopAftersales = pgTable(
  'shop_aftersales',
  {
    ...areaRow(),
    requestNo: varchar('request_no', { length: 32 }).notNull(),
    orderId: integer('order_id')
      .notNull()
      .references(() => shopOrders.id, { onDelete: 'cascade' }),
    memberId: integer('member_id').references(() => members.id, { onDelete: 'set null' }),
    /** AfterSaleType: 1 return and refund, 2 refund only */
    type: smallint('type').notNull(),
    /** AfterSaleStatus: 1 requested, 2 approved, 3 rejected, 4 withdrawn */
    status: smallint('status').notNull().default(1),
    statusBeforeRefund: smallint('status_before_refund').notNull(),
    reason: varchar('reason', { length: 200 }).notNull(),
    photos: varchar('photos', { length: 500 })
      .array()
      .notNull()
      .default(sql`'{}'::varchar[]`),
    /** the lines asked for: [{ lineId, quantity, amount }] (cents), frozen at request time */
    lines: jsonb('lines').$type<{ lineId: number; quantity: number; amount: number }[]>().notNull(),
    /** cents, frozen at request time */
    amount: integer('amount').notNull(),
    /** 1 for the first request of an order, +1 per re-application (S16, capped) */
    attempt: smallint('attempt').notNull().default(1),
    /** the buyer's return parcel (type 1) */
    returnCarrier: varchar('return_carrier', { length: 30 }).notNull().default(''),
    returnTrackingNo: varchar('return_tracking_no', { length: 40 }).notNull().default(''),
    /** type 1: when staff recorded the goods back (restocked then); approval needs it */
    goodsReceivedAt: timestamp('goods_received_at', { withTimezone: true }),
    rejectReason: varchar('reject_reason', { length: 200 }).notNull().default(''),
    reviewerId: integer('reviewer_id').references(() => admins.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('shop_aftersales_no_uq').on(t.requestNo),
    uniqueIndex('shop_aftersales_open_uq')
      .on(t.orderId)
      .where(sql`${t.status} = 1`),
    index('shop_aftersales_scenic_idx').on(t.scenicId, t.status, t.createdAt),
    check('shop_aftersales_type_check', sql`${t.type} in (1, 2)`),
    check('shop_aftersales_status_check', sql`${t.status} between 1 and 4`),
    check('shop_aftersales_amount_check', sql`${t.amount} > 0`),
  ],
);

/**
 * Refunds of shop orders (docs/domain.md "Refund": created → transit → done | failed | canceled;
 * `external` when paid back outside the system). Made by S8 (merchant refund), S13 (approved
 * after-sales) or a partial refund of some lines; S18 when the order's refunds are all done.
 */
export const shopRefunds = pgTable(
  'shop_refunds',
  {
    ...areaRow(),
    refundNo: varchar('refund_no', { length: 32 }).notNull(),
    orderId: integer('order_id')
      .notNull()
      .references(() => shopOrders.id, { onDelete: 'cascade' }),
    aftersaleId: integer('aftersale_id').references(() => shopAftersales.id, { onDelete: 'set null' }),
    paymentId: integer('payment_id').references(() => shopPayments.id, { onDelete: 'set null' }),
    /** PayWay of the payment it returns to */
    payWay: smallint('pay_way').notNull(),
    amount: integer('amount').notNull(),
    /** [{ lineId, quantity, amount }] refunded by it */
    lines: jsonb('lines').$type<{ lineId: number; quantity: number; amount: number }[]>().notNull(),
    // status: 'created' | 'transit' | 'done' | 'failed' | 'canceled' | 'external'
    ...refundRecordColumns(200),
  },
  (t) => [
    uniqueIndex('shop_refunds_no_uq').on(t.refundNo),
    index('shop_refunds_order_idx').on(t.orderId),
    index('shop_refunds_scenic_idx').on(t.scenicId, t.status, t.createdAt),
    check('shop_refunds_amount_check', sql`${t.amount} > 0`),
  ],
);

/** A buyer's review of a received order (S20): one per order, a rating per goods line. */
export const shopReviews = pgTable(
  'shop_reviews',
  {
    ...areaRow(),
    orderId: integer('order_id')
      .notNull()
      .references(() => shopOrders.id, { onDelete: 'cascade' }),
    memberId: integer('member_id').references(() => members.id, { onDelete: 'set null' }),
    /** 1-5 */
    rating: smallint('rating').notNull(),
    content: varchar('content', { length: 500 }).notNull().default(''),
    photos: varchar('photos', { length: 500 })
      .array()
      .notNull()
      .default(sql`'{}'::varchar[]`),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('shop_reviews_order_uq').on(t.orderId),
    check('shop_reviews_rating_check', sql`${t.rating} between 1 and 5`),
  ],
);

export type ShopCategory = typeof shopCategories.$inferSelect;
export type ShopGoods = typeof shopGoods.$inferSelect;
export type ShopSku = typeof shopSkus.$inferSelect;
export type ShopOrder = typeof shopOrders.$inferSelect;
