import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import type { TimeWindow } from '../../../shared/api/products.ts';
import { noticeTemplates, ticketAgreements } from '../notices/notices.table.ts';
import { printTemplates } from '../print-templates/print-templates.table.ts';
import { areaRow } from '../scenic/scenic.table.ts';
import { timestamps } from '../../db/columns.ts';

/** `/ticket/ticType`: ticket categories. */
export const ticketTypes = pgTable(
  'ticket_types',
  {
    ...areaRow(),
    name: varchar('name', { length: 50 }).notNull(),
    sort: integer('sort').notNull().default(0),
    status: smallint('status').notNull().default(1),
    remark: varchar('remark', { length: 200 }).notNull().default(''),
    ...timestamps(),
  },
  (t) => [uniqueIndex('ticket_types_scenic_name_uq').on(t.scenicId, t.name)],
);

/** `/ticket/good`: what is sold. Money in cents (docs/product.md §9). */
export const ticketProducts = pgTable(
  'ticket_products',
  {
    ...areaRow(),
    typeId: integer('type_id')
      .notNull()
      .references(() => ticketTypes.id, { onDelete: 'restrict' }),
    /** ProductType: 1 regular, 2 timed, 3 performance */
    productType: smallint('product_type').notNull(),
    name: varchar('name', { length: 100 }).notNull(),
    images: text('images')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    intro: varchar('intro', { length: 2000 }).notNull().default(''),
    /** Default selling price; a price-calendar day overrides it */
    price: integer('price').notNull(),
    marketPrice: integer('market_price').notNull().default(0),
    /** ValidityType 1-6 */
    validityType: smallint('validity_type').notNull(),
    /** ValidityDisplay 0-5 (docs/product.md §4) */
    validityDisplay: smallint('validity_display').notNull().default(1),
    /** Multi-day: consecutive days from the visit date */
    validDays: integer('valid_days').notNull().default(1),
    /** Interval: first and last valid day */
    validFrom: date('valid_from'),
    validTo: date('valid_to'),
    /** Time-limited: minutes from the first entry */
    timeLimitMinutes: integer('time_limit_minutes'),
    /** Display: the validity text shown to the visitor */
    validityText: varchar('validity_text', { length: 200 }).notNull().default(''),
    /** Entry windows of a day ("HH:mm"); empty = the area's opening hours */
    timeWindows: jsonb('time_windows').$type<TimeWindow[]>().notNull().default([]),
    /** EntryMode: 1 single, 2 N entries, 3 re-entry after exit */
    entryMode: smallint('entry_mode').notNull().default(1),
    entryTimes: integer('entry_times').notNull().default(1),
    realNameType: smallint('real_name_type').notNull(),
    printType: smallint('print_type').notNull(),
    /** 0 = no limit */
    limitPerOrder: integer('limit_per_order').notNull().default(0),
    limitPerIdNumber: integer('limit_per_id_number').notNull().default(0),
    /** BuyChannel codes that may sell the product */
    channels: smallint('channels').array().notNull(),
    /** RefundRule 1-3; conditional: deadline before the visit and a fee */
    refundRule: smallint('refund_rule').notNull(),
    refundDeadlineHours: integer('refund_deadline_hours').notNull().default(0),
    refundFeeUnit: smallint('refund_fee_unit').notNull().default(1),
    refundFeeValue: integer('refund_fee_value').notNull().default(0),
    noticeId: integer('notice_id').references(() => noticeTemplates.id, { onDelete: 'restrict' }),
    agreementId: integer('agreement_id').references(() => ticketAgreements.id, { onDelete: 'restrict' }),
    printTemplateId: integer('print_template_id').references(() => printTemplates.id, {
      onDelete: 'restrict',
    }),
    /** ShelfStatus: 1 on, 2 off */
    shelfStatus: smallint('shelf_status').notNull().default(2),
    sort: integer('sort').notNull().default(0),
    ...timestamps(),
  },
  (t) => [
    index('ticket_products_scenic_idx').on(t.scenicId, t.shelfStatus),
    index('ticket_products_type_idx').on(t.typeId),
    check('ticket_products_price_ck', sql`${t.price} >= 0 and ${t.marketPrice} >= 0`),
    check('ticket_products_entry_ck', sql`${t.entryTimes} >= 1`),
    check('ticket_products_limits_ck', sql`${t.limitPerOrder} >= 0 and ${t.limitPerIdNumber} >= 0`),
    check(
      'ticket_products_fee_ck',
      sql`${t.refundFeeValue} >= 0 and (${t.refundFeeUnit} <> 2 or ${t.refundFeeValue} <= 100)`,
    ),
    check(
      'ticket_products_interval_ck',
      sql`${t.validFrom} is null or ${t.validTo} is null or ${t.validFrom} <= ${t.validTo}`,
    ),
  ],
);

/** Sessions (time slots) of a timed product; the price calendar has a row per date and session. */
export const productSessions = pgTable(
  'product_sessions',
  {
    ...areaRow(),
    productId: integer('product_id')
      .notNull()
      .references(() => ticketProducts.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 30 }).notNull(),
    /** "HH:mm" */
    startTime: varchar('start_time', { length: 5 }).notNull(),
    endTime: varchar('end_time', { length: 5 }).notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [
    uniqueIndex('product_sessions_product_start_uq').on(t.productId, t.startTime),
    check('product_sessions_time_ck', sql`${t.startTime} < ${t.endTime}`),
  ],
);
