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
import { members } from '../members/members.table.ts';
import { areaLogRow, areaRow } from '../scenic/scenic.table.ts';
import { createdAt, timestamps } from '../../db/columns.ts';

/** /promotion/ticcoupon: a coupon members receive (claim, registration, redeem code, staff). */
export const coupons = pgTable(
  'coupons',
  {
    ...areaRow(),
    name: varchar('name', { length: 50 }).notNull(),
    /** CouponType: 0 general, 1 registration gift, 2 redeem-code gift */
    couponType: smallint('coupon_type').notNull().default(0),
    /** CouponUse: 0 any, 1 tickets, 2 shop */
    useType: smallint('use_type').notNull().default(1),
    /** CouponScope: 0 all, 1 the products in `productIds` */
    scope: smallint('scope').notNull().default(0),
    productIds: integer('product_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    /** CouponDiscountKind: 1 amount off (`amountOff` cents), 2 percentage (`percent` of the price paid) */
    discountKind: smallint('discount_kind').notNull().default(1),
    amountOff: integer('amount_off').notNull().default(0),
    percent: smallint('percent').notNull().default(100),
    /** cents the order must reach before the coupon applies (0: none) */
    minSpend: integer('min_spend').notNull().default(0),
    /** CouponValidityKind: 1 fixed dates, 2 N days after receipt */
    validityKind: smallint('validity_kind').notNull().default(1),
    validFrom: date('valid_from', { mode: 'string' }),
    validTo: date('valid_to', { mode: 'string' }),
    validDays: integer('valid_days').notNull().default(0),
    totalQuantity: integer('total_quantity').notNull(),
    /** Coupons given out; only a guarded `issued + 1 <= total_quantity` update raises it */
    issued: integer('issued').notNull().default(0),
    perMemberLimit: integer('per_member_limit').notNull().default(1),
    /** CouponStatus: 0 on shelf, 1 off shelf */
    status: smallint('status').notNull().default(1),
    description: varchar('description', { length: 500 }).notNull().default(''),
    ...timestamps(),
  },
  (t) => [
    index('coupons_scenic_idx').on(t.scenicId, t.id),
    check('coupons_type_check', sql`${t.couponType} in (0, 1, 2)`),
    check('coupons_use_check', sql`${t.useType} in (0, 1, 2)`),
    check('coupons_scope_check', sql`${t.scope} in (0, 1)`),
    check('coupons_kind_check', sql`${t.discountKind} in (1, 2)`),
    check(
      'coupons_percent_check',
      sql`${t.percent} between 1 and 100 and ${t.amountOff} >= 0 and ${t.minSpend} >= 0`,
    ),
    check('coupons_validity_check', sql`${t.validityKind} in (1, 2) and ${t.validDays} >= 0`),
    check('coupons_quantity_check', sql`${t.issued} >= 0 and ${t.issued} <= ${t.totalQuantity}`),
    check('coupons_limit_check', sql`${t.perMemberLimit} >= 1`),
    check('coupons_status_check', sql`${t.status} in (0, 1)`),
  ],
);

/**
 * /promotion/couponRecord: a coupon a member holds. Reserved by an unpaid order (`reservedOrderNo`)
 * at T1, spent (201) at T3 or T2, released at T4/T5; every change a compare-and-set.
 */
export const memberCoupons = pgTable(
  'member_coupons',
  {
    ...areaLogRow(),
    couponId: integer('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'restrict' }),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    /** MemberCouponStatus: 101 unused, 201 used, 301 expired */
    status: smallint('status').notNull().default(101),
    /** CouponReceiveWay */
    receiveWay: smallint('receive_way').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    validFrom: timestamp('valid_from', { withTimezone: true }).notNull(),
    validUntil: timestamp('valid_until', { withTimezone: true }).notNull(),
    /** The unpaid order holding it (T1); null when free */
    reservedOrderNo: varchar('reserved_order_no', { length: 32 }),
    /** The order that spent it */
    usedOrderNo: varchar('used_order_no', { length: 32 }),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** cents it took off that order */
    discountAmount: integer('discount_amount').notNull().default(0),
  },
  (t) => [
    index('member_coupons_scenic_idx').on(t.scenicId, t.receivedAt, t.id),
    index('member_coupons_member_idx').on(t.memberId, t.couponId),
    index('member_coupons_coupon_idx').on(t.couponId, t.status),
    index('member_coupons_expiry_idx')
      .on(t.validUntil)
      .where(sql`${t.status} = 101`),
    check('member_coupons_status_check', sql`${t.status} in (101, 201, 301)`),
    check('member_coupons_used_check', sql`(${t.status} = 201) = (${t.usedOrderNo} is not null)`),
  ],
);

/** Redeem codes of a type-2 coupon: each gives one coupon, once (guarded `redeemed_by is null`). */
export const couponCodes = pgTable(
  'coupon_codes',
  {
    ...areaLogRow(),
    couponId: integer('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'cascade' }),
    code: varchar('code', { length: 20 }).notNull(),
    redeemedBy: integer('redeemed_by').references(() => members.id, { onDelete: 'set null' }),
    redeemedAt: timestamp('redeemed_at', { withTimezone: true }),
    memberCouponId: integer('member_coupon_id'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('coupon_codes_code_uq').on(t.scenicId, t.code),
    index('coupon_codes_coupon_idx').on(t.couponId, t.id),
  ],
);

export type Coupon = typeof coupons.$inferSelect;
export type MemberCoupon = typeof memberCoupons.$inferSelect;
