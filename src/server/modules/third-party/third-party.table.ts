import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { gates } from '../gates/index.ts';
import { otaChannels } from '../ota/index.ts';
import { ticketProducts } from '../products/index.ts';
import { createdAt, timestamps } from '../../db/columns.ts';
import { areaLogRow, areaRow } from '../scenic/scenic.table.ts';

/**
 * /terminal/thirdPartyChannel: a platform whose vouchers the area's gates accept (docs/decisions.md
 * "Third-party vouchers at the gate"). A QR read that is no ticket of ours and no booking is tried
 * against the enabled channels whose code format it matches.
 */
export const thirdPartyChannels = pgTable(
  'third_party_channels',
  {
    ...areaRow(),
    name: varchar('name', { length: 50 }).notNull(),
    /** BuyChannel of docs/product.md §9: 11, 12 third-party stores, 14-18 platforms */
    buyChannel: smallint('buy_channel').notNull(),
    /** TpAdapter: 'ota' (platform order ids of an OTA channel) or 'codeList' (imported codes) */
    adapter: varchar('adapter', { length: 8 }).notNull(),
    otaChannelId: integer('ota_channel_id').references(() => otaChannels.id, { onDelete: 'restrict' }),
    productId: integer('product_id').references(() => ticketProducts.id, { onDelete: 'restrict' }),
    codePrefix: varchar('code_prefix', { length: 16 }).notNull().default(''),
    /** Anchored by the matcher: the whole code matches it ('' = any) */
    codePattern: varchar('code_pattern', { length: 200 }).notNull().default(''),
    codeMinLength: smallint('code_min_length').notNull().default(6),
    codeMaxLength: smallint('code_max_length').notNull().default(32),
    /** Gates of the area that accept the channel's codes; empty = none */
    gateIds: integer('gate_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    /** EnableStatus: 1 enabled, 2 disabled */
    status: smallint('status').notNull().default(1),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('third_party_channels_name_uq').on(t.scenicId, t.name),
    check('third_party_channels_buy_channel_ck', sql`${t.buyChannel} in (11, 12, 14, 15, 16, 17, 18)`),
    check(
      'third_party_channels_adapter_ck',
      sql`(${t.adapter} = 'ota' and ${t.otaChannelId} is not null)
        or (${t.adapter} = 'codeList' and ${t.productId} is not null)`,
    ),
    check(
      'third_party_channels_length_ck',
      sql`${t.codeMinLength} between 1 and 64 and ${t.codeMaxLength} between ${t.codeMinLength} and 64`,
    ),
    check('third_party_channels_status_ck', sql`${t.status} in (1, 2)`),
  ],
);
export type ThirdPartyChannel = typeof thirdPartyChannels.$inferSelect;

/**
 * The codes of a code-list channel. A voucher is redeemed once: unused → used by a compare-and-set
 * in the transaction that writes its gate event (gate_event_id), and void only while unused.
 */
export const thirdPartyVouchers = pgTable(
  'third_party_vouchers',
  {
    ...areaLogRow(),
    channelId: integer('channel_id')
      .notNull()
      .references(() => thirdPartyChannels.id, { onDelete: 'cascade' }),
    code: varchar('code', { length: 64 }).notNull(),
    productId: integer('product_id')
      .notNull()
      .references(() => ticketProducts.id, { onDelete: 'restrict' }),
    validFrom: timestamp('valid_from', { withTimezone: true }).notNull(),
    validTo: timestamp('valid_to', { withTimezone: true }).notNull(),
    /** TpVoucherStatus: unused, used, void */
    status: varchar('status', { length: 8 }).notNull().default('unused'),
    usedAt: timestamp('used_at', { withTimezone: true }),
    gateId: integer('gate_id').references(() => gates.id, { onDelete: 'restrict' }),
    /** The gate event (gate_events.id) of the redemption */
    gateEventId: bigint('gate_event_id', { mode: 'number' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('third_party_vouchers_code_uq').on(t.channelId, t.code),
    index('third_party_vouchers_status_idx').on(t.channelId, t.status),
    check('third_party_vouchers_status_ck', sql`${t.status} in ('unused', 'used', 'void')`),
    check(
      'third_party_vouchers_used_ck',
      sql`(${t.status} = 'used') = (${t.usedAt} is not null and ${t.gateId} is not null)`,
    ),
    check('third_party_vouchers_valid_ck', sql`${t.validTo} > ${t.validFrom}`),
  ],
);
export type ThirdPartyVoucher = typeof thirdPartyVouchers.$inferSelect;
