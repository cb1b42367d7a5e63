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
import { ticketProducts } from '../products/products.table.ts';
import { areaLogRow, areaRow, scenicIdColumn } from '../scenic/scenic.table.ts';
import { createdAt, timestamps } from '../../db/columns.ts';

/** /ota/otaManage: one row per area and platform (ctrip, meituan, zowoyoo, pft). */
export const otaChannels = pgTable(
  'ota_channels',
  {
    ...areaRow(),
    platform: varchar('platform', { length: 16 }).notNull(),
    appKey: varchar('app_key', { length: 64 }).notNull(),
    /** AES-256-GCM sealed secret (secret-box.ts); '' when none is set. Never answered by a route. */
    secretSealed: varchar('secret_sealed', { length: 512 }).notNull().default(''),
    callbackUrl: varchar('callback_url', { length: 255 }).notNull().default(''),
    /** EnableStatus: 1 enabled, 2 disabled */
    status: smallint('status').notNull().default(2),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('ota_channels_scenic_platform_uq').on(t.scenicId, t.platform),
    uniqueIndex('ota_channels_app_key_uq').on(t.platform, t.appKey),
    check('ota_channels_platform_ck', sql`${t.platform} in ('ctrip', 'meituan', 'zowoyoo', 'pft')`),
    check('ota_channels_status_ck', sql`${t.status} in (1, 2)`),
  ],
);
export type OtaChannel = typeof otaChannels.$inferSelect;

/** Their product code ↔ our product (of the channel's area) and the agreed price per ticket. */
export const otaMappings = pgTable(
  'ota_mappings',
  {
    ...areaRow(),
    channelId: integer('channel_id')
      .notNull()
      .references(() => otaChannels.id, { onDelete: 'cascade' }),
    externalCode: varchar('external_code', { length: 64 }).notNull(),
    productId: integer('product_id')
      .notNull()
      .references(() => ticketProducts.id, { onDelete: 'cascade' }),
    price: integer('price').notNull(),
    status: smallint('status').notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('ota_mappings_code_uq').on(t.channelId, t.externalCode),
    check('ota_mappings_price_ck', sql`${t.price} >= 0`),
    check('ota_mappings_status_ck', sql`${t.status} in (1, 2)`),
  ],
);
export type OtaMapping = typeof otaMappings.$inferSelect;

/** Every inbound and outbound message of the area's channels (append-only). */
export const otaLogs = pgTable(
  'ota_logs',
  {
    ...areaLogRow(),
    platform: varchar('platform', { length: 16 }).notNull(),
    /** OtaDirection: 1 inbound, 2 outbound */
    direction: smallint('direction').notNull(),
    type: varchar('type', { length: 16 }).notNull(),
    externalOrderId: varchar('external_order_id', { length: 64 }).notNull().default(''),
    orderNo: varchar('order_no', { length: 32 }).notNull().default(''),
    request: varchar('request', { length: 1000 }).notNull().default(''),
    response: varchar('response', { length: 1000 }).notNull().default(''),
    /** OtaResult: 1 succeeded, 2 refused, 3 failed */
    result: smallint('result').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('ota_logs_scenic_time_idx').on(t.scenicId, t.createdAt),
    index('ota_logs_order_idx').on(t.platform, t.externalOrderId),
    check('ota_logs_direction_ck', sql`${t.direction} in (1, 2)`),
    check('ota_logs_result_ck', sql`${t.result} in (1, 2, 3)`),
  ],
);

/**
 * The redemption notices of tickets of OTA orders, one per ticket (the primary key makes the notice
 * go once). `result` is its state: 0 queued, 2 claimed by a pass that is sending it (`claimedAt`),
 * 1 delivered, 3 failed (queued again for the next pass). ota-redemptions.service.ts notifyRedemptions.
 */
export const otaRedemptions = pgTable(
  'ota_redemptions',
  {
    ticketId: integer('ticket_id').primaryKey(),
    scenicId: scenicIdColumn(),
    channelId: integer('channel_id')
      .notNull()
      .references(() => otaChannels.id, { onDelete: 'cascade' }),
    /** RedemptionState: 0 queued, 1 delivered, 2 sending, 3 failed */
    result: smallint('result').notNull(),
    /** When a pass claimed it to send (null when not being sent); a claim older than a few minutes is taken over */
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    /** Deliveries tried */
    attempts: integer('attempts').notNull().default(0),
    /** When it was queued, then when its last delivery ended */
    notifiedAt: timestamp('notified_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('ota_redemptions_result_ck', sql`${t.result} in (0, 1, 2, 3)`),
    index('ota_redemptions_due_idx').on(t.result, t.ticketId),
  ],
);
