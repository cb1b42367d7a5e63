import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { areaRow } from '../scenic/scenic.table.ts';
import { createdAt, timestamps } from '../../db/columns.ts';

/**
 * The registry of an area's hardware (docs/decisions.md "Terminals"). A terminal authenticates as
 * its own OAuth client (`client_id`, `term<id>`) after activation with a one-time code; gates,
 * windows and machines of later slices refer to a terminal.
 */
export const terminals = pgTable(
  'terminals',
  {
    ...areaRow(),
    /** TerminalKind of src/shared/dict/terminal.ts */
    kind: varchar('kind', { length: 32 }).notNull(),
    name: varchar('name', { length: 50 }).notNull(),
    serialNo: varchar('serial_no', { length: 64 }).notNull(),
    location: varchar('location', { length: 100 }).notNull().default(''),
    /** The gate a gate device or face device is mounted on (set on /terminal/gateManage or faceConfig) */
    /**
     * The gate it is mounted on (gates module, which builds on terminals): its foreign key is kept in
     * SQL (0034_plugin_foreign_keys.sql), so this table names nothing above it
     */
    gateId: integer('gate_id'),
    /** Reported by the device with each heartbeat */
    appVersion: varchar('app_version', { length: 32 }).notNull().default(''),
    /** EnableStatus: 1 enabled, 2 disabled */
    status: smallint('status').notNull().default(1),
    /** docs/product.md §4: 0 offline, 2 online */
    online: smallint('online').notNull().default(0),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    lastIp: varchar('last_ip', { length: 64 }).notNull().default(''),
    /** TerminalPrinterState a window, machine or handheld reports with its heartbeat; null when it has no printer */
    printerState: varchar('printer_state', { length: 16 }),
    /** Paper left in percent, as last reported */
    paperLevel: smallint('paper_level'),
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
    /** Set on activation; the oauth_clients row of the device */
    clientId: varchar('client_id', { length: 64 }).unique(),
    /** SHA-256 of the one-time activation code; null once used */
    activationHash: varchar('activation_hash', { length: 64 }).unique(),
    activationExpiresAt: timestamp('activation_expires_at', { withTimezone: true }),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('terminals_scenic_serial_uq').on(t.scenicId, t.serialNo),
    index('terminals_scenic_idx').on(t.scenicId, t.kind),
    index('terminals_gate_idx').on(t.gateId),
    // the offline job's scan: online terminals by last beat
    index('terminals_online_seen_idx')
      .on(t.lastSeenAt)
      .where(sql`${t.online} = 2`),
  ],
);
export type Terminal = typeof terminals.$inferSelect;

/** What happened to a terminal: online/offline changes, staff disabling it, refused calls. */
export const terminalEvents = pgTable(
  'terminal_events',
  {
    id: serial('id').primaryKey(),
    terminalId: integer('terminal_id')
      .notNull()
      .references(() => terminals.id, { onDelete: 'cascade' }),
    /** TerminalEvent of src/shared/dict/terminal.ts */
    event: varchar('event', { length: 16 }).notNull(),
    detail: varchar('detail', { length: 200 }).notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('terminal_events_terminal_idx').on(t.terminalId, t.createdAt)],
);
