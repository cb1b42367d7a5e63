import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { admins } from '../accounts/index.ts';
import { areaLogRow, areaRow } from '../scenic/scenic.table.ts';
import { createdAt } from '../../db/columns.ts';
import { cards } from './card-orders.table.ts';
import { cardKinds } from './cards.table.ts';

/** R1: one generation of redeem codes of a kind; voiding it voids its codes not redeemed (R4). */
export const cardCodeBatches = pgTable(
  'card_code_batches',
  {
    ...areaRow(),
    kindId: integer('kind_id')
      .notNull()
      .references(() => cardKinds.id),
    count: integer('count').notNull(),
    note: varchar('note', { length: 200 }).notNull().default(''),
    createdBy: integer('created_by').references(() => admins.id, { onDelete: 'set null' }),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('card_code_batches_scenic_idx').on(t.scenicId, t.kindId, t.createdAt),
    check('card_code_batches_count_ck', sql`${t.count} between 1 and 10000`),
  ],
);

export type CardCodeBatch = typeof cardCodeBatches.$inferSelect;

/**
 * A redeem code (docs/domain.md "Redeem codes"): 101 not redeemed → 201 not activated (its card
 * issued, R2) → 301 activated (R3), each move a compare-and-set; a voided code keeps its status.
 */
export const cardCodes = pgTable(
  'card_codes',
  {
    ...areaLogRow(),
    batchId: integer('batch_id')
      .notNull()
      .references(() => cardCodeBatches.id),
    kindId: integer('kind_id')
      .notNull()
      .references(() => cardKinds.id),
    /** 16 characters of the card numbers' alphabet, 80 random bits */
    code: varchar('code', { length: 16 }).notNull(),
    /** CardCodeStatus */
    status: smallint('status').notNull().default(101),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    /** the card it became (R2) */
    cardId: integer('card_id').references(() => cards.id),
    /** the member who redeemed it (member API); null from the back office */
    memberId: integer('member_id'),
    redeemedAt: timestamp('redeemed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('card_codes_code_uq').on(t.code),
    index('card_codes_batch_idx').on(t.batchId, t.id),
    index('card_codes_scenic_idx').on(t.scenicId, t.kindId),
    index('card_codes_card_idx').on(t.cardId),
    check('card_codes_status_ck', sql`${t.status} in (101, 201, 301)`),
    // a code is voided only while not redeemed (R4); redeemed it has its card
    check('card_codes_void_ck', sql`${t.voidedAt} is null or ${t.status} = 101`),
    check('card_codes_card_ck', sql`(${t.status} = 101) = (${t.cardId} is null)`),
  ],
);

export type CardCode = typeof cardCodes.$inferSelect;
