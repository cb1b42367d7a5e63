import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, smallint, varchar } from 'drizzle-orm/pg-core';
import { scenicAreas } from '../scenic/scenic.table.ts';
import { timestamps } from '../../db/columns.ts';

/**
 * Settings of one scenic area that later modules read (ticket defaults of docs/product.md §9); a missing row
 * means the defaults of settings.service.ts.
 */
export const scenicSettings = pgTable(
  'scenic_settings',
  {
    scenicId: integer('scenic_id')
      .primaryKey()
      .references(() => scenicAreas.id, { onDelete: 'cascade' }),
    contact: varchar('contact', { length: 50 }).notNull().default(''),
    phone: varchar('phone', { length: 30 }).notNull().default(''),
    /** "HH:mm", opening before closing */
    openTime: varchar('open_time', { length: 5 }).notNull(),
    closeTime: varchar('close_time', { length: 5 }).notNull(),
    notice: varchar('notice', { length: 2000 }).notNull().default(''),
    /** RefundRule of src/shared/dict/product.ts */
    refundRule: smallint('refund_rule').notNull(),
    refundDeadlineHours: integer('refund_deadline_hours').notNull().default(0),
    /** RefundUnit: 1 yuan (value in cents), 2 percent (value 0-100) */
    refundFeeUnit: smallint('refund_fee_unit').notNull(),
    refundFeeValue: integer('refund_fee_value').notNull().default(0),
    realNameType: smallint('real_name_type').notNull(),
    printType: smallint('print_type').notNull(),
    /** docs/domain.md T6: a payment after the deadline revives the order (when stock allows) or is refunded */
    acceptLatePayment: boolean('accept_late_payment').notNull().default(true),
    /** Money out (withdrawal payouts) needs two people: the one who approves does not pay (docs/accounts.md) */
    twoPersonPayout: boolean('two_person_payout').notNull().default(true),
    updatedBy: integer('updated_by'),
    ...timestamps(),
  },
  (t) => [
    check('scenic_settings_hours_ck', sql`${t.openTime} < ${t.closeTime}`),
    check(
      'scenic_settings_fee_ck',
      sql`${t.refundFeeValue} >= 0 and (${t.refundFeeUnit} <> 2 or ${t.refundFeeValue} <= 100)`,
    ),
  ],
);
