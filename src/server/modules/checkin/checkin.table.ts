import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  pgTable,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { gates } from '../gates/gates.table.ts';
import { orderTickets } from '../orders/orders.table.ts';
import { staffCards } from '../staff-cards/staff-cards.table.ts';

/** The gate log (docs/domain.md "Gate event log"), append-only; a retried scan is recorded once. */
export const gateEvents = pgTable(
  'gate_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    scenicId: integer('scenic_id').notNull(),
    /** null for the system's own events (the synthetic exit of T13 at day close) */
    gateId: integer('gate_id').references(() => gates.id, { onDelete: 'restrict' }),
    deviceId: varchar('device_id', { length: 64 }).notNull(),
    /** The device's id for this scan; (device, nonce) is unique */
    nonce: varchar('nonce', { length: 64 }).notNull(),
    /** GateDirection: entry, exit, denied */
    direction: varchar('direction', { length: 8 }).notNull(),
    /** ParkEntryType: 1 ticket, 2 pass card, 3 staff card */
    entryType: smallint('entry_type'),
    /** CardReadMode of the scan; null for the system's own events */
    readMode: smallint('read_mode'),
    ticketId: bigint('ticket_id', { mode: 'number' }).references(() => orderTickets.id, {
      onDelete: 'restrict',
    }),
    orderId: bigint('order_id', { mode: 'number' }),
    staffCardId: integer('staff_card_id').references(() => staffCards.id, { onDelete: 'set null' }),
    /** A travel card's number (entry type 2); no foreign key: checkin knows nothing of the cards module */
    cardNo: varchar('card_no', { length: 16 }),
    /** Masked value of what was read (an ID number shows only its ends) */
    scannedValue: varchar('scanned_value', { length: 64 }).notNull().default(''),
    /** 'ok' or the refusal reason code */
    result: varchar('result', { length: 32 }).notNull(),
    visitorName: varchar('visitor_name', { length: 50 }).notNull().default(''),
    offline: boolean('offline').notNull().default(false),
    forced: boolean('forced').notNull().default(false),
    /** docs/product.md §5 health code the device reported with the passage (0 healthy … 5 other) */
    healthCode: smallint('health_code'),
    scannedAt: timestamp('scanned_at', { withTimezone: true }).notNull(),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('gate_events_nonce_uq').on(t.deviceId, t.nonce),
    index('gate_events_scenic_time_idx').on(t.scenicId, t.scannedAt),
    index('gate_events_ticket_idx').on(t.ticketId),
    /** a travel card's entries (its detail, the log's card filter) */
    index('gate_events_card_idx')
      .on(t.cardNo, t.scannedAt)
      .where(sql`${t.cardNo} is not null`),
    /** the gate list's live state: each gate's last scan */
    index('gate_events_gate_time_idx').on(t.gateId, t.scannedAt),
  ],
);
