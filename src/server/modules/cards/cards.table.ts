import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgTable, smallint, varchar } from 'drizzle-orm/pg-core';
import { areaRow } from '../scenic/scenic.table.ts';
import { timestamps } from '../../db/columns.ts';
import type { CardSaleSourceCode } from '../../../shared/dict/cards.ts';

/**
 * /VipCard/vipUseAssort: a kind of travel card (annual pass) an area sells: its price, validity,
 * the products it admits to and its entry rules. Issued cards, their orders and redeem codes refer
 * to it (later slices of issue 32).
 */
export const cardKinds = pgTable(
  'card_kinds',
  {
    ...areaRow(),
    name: varchar('name', { length: 40 }).notNull(),
    cover: varchar('cover', { length: 500 }).notNull().default(''),
    description: varchar('description', { length: 1000 }).notNull().default(''),
    /** cents */
    price: integer('price').notNull(),
    /** CardValidityType: 0 permanent, 1 timed (by valid_days, or by valid_from..valid_to) */
    validityType: smallint('validity_type').notNull(),
    validDays: smallint('valid_days'),
    validFrom: date('valid_from'),
    validTo: date('valid_to'),
    /** ticket_products ids of the area (checked on write); empty: the whole area */
    productIds: jsonb('product_ids').$type<number[]>().notNull().default([]),
    /** 0: unlimited */
    perDayEntries: smallint('per_day_entries').notNull().default(0),
    /** 0: unlimited */
    totalEntries: integer('total_entries').notNull().default(0),
    /** "YYYY-MM-DD" days the card does not admit */
    blackoutDates: jsonb('blackout_dates').$type<string[]>().notNull().default([]),
    photoRequired: boolean('photo_required').notNull().default(false),
    /** RealNameType: 1 required, 2 not needed, 3 visitor chooses */
    realName: smallint('real_name').notNull().default(2),
    /** ShelfStatus: 1 on shelf, 2 off shelf */
    status: smallint('status').notNull().default(2),
    /** CardSaleSource client ids that may sell it */
    channels: jsonb('channels').$type<CardSaleSourceCode[]>().notNull(),
    ...timestamps(),
  },
  (t) => [
    index('card_kinds_scenic_idx').on(t.scenicId, t.createdAt),
    check('card_kinds_price_ck', sql`${t.price} >= 0`),
    // spec §9: permanent, or timed by days from activation or by fixed dates, exactly one of the two
    check(
      'card_kinds_validity_ck',
      sql`(${t.validityType} = 0 and ${t.validDays} is null and ${t.validFrom} is null and ${t.validTo} is null)
        or (${t.validityType} = 1 and ${t.validDays} between 1 and 3650 and ${t.validFrom} is null and ${t.validTo} is null)
        or (${t.validityType} = 1 and ${t.validDays} is null and ${t.validTo} >= ${t.validFrom})`,
    ),
    check(
      'card_kinds_entries_ck',
      sql`${t.perDayEntries} between 0 and 99 and ${t.totalEntries} between 0 and 100000`,
    ),
    check('card_kinds_real_name_ck', sql`${t.realName} in (1, 2, 3)`),
    check('card_kinds_status_ck', sql`${t.status} in (1, 2)`),
    check('card_kinds_channels_ck', sql`jsonb_array_length(${t.channels}) >= 1`),
  ],
);

export type CardKind = typeof cardKinds.$inferSelect;
