import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { areaRow } from '../scenic/scenic.table.ts';
import { terminals } from '../terminals/terminals.table.ts';
import { createdAt, updatedAt } from '../../db/columns.ts';

/**
 * A people-counting camera's zone and warning settings (terminals of kind camera), with the zone's
 * live count and whether a warning is outstanding (compare-and-set, docs/decisions.md
 * "People-counting cameras"). Created with the first reading or setting (zone = the terminal's location).
 */
export const cameraSettings = pgTable('camera_settings', {
  terminalId: integer('terminal_id')
    .primaryKey()
    .references(() => terminals.id, { onDelete: 'cascade' }),
  zone: varchar('zone', { length: 50 }).notNull(),
  /** null until staff set the camera up */
  capacity: integer('capacity'),
  /** People at which a warning is raised; null: none */
  threshold: integer('threshold'),
  recipients: jsonb('recipients').$type<string[]>().notNull().default([]),
  intervalSeconds: smallint('interval_seconds').notNull().default(300),
  liveCount: integer('live_count').notNull().default(0),
  /** A warning was raised; cleared when the count falls below 90% of the threshold */
  warned: boolean('warned').notNull().default(false),
  lastReadingAt: timestamp('last_reading_at', { withTimezone: true }),
  updatedAt: updatedAt(),
});

/** One interval's counts of a camera, stored once per (camera, nonce). */
export const passengerCounts = pgTable(
  'passenger_counts',
  {
    ...areaRow(),
    terminalId: integer('terminal_id')
      .notNull()
      .references(() => terminals.id, { onDelete: 'cascade' }),
    nonce: varchar('nonce', { length: 64 }).notNull(),
    intervalStart: timestamp('interval_start', { withTimezone: true }).notNull(),
    countIn: integer('count_in').notNull(),
    countOut: integer('count_out').notNull(),
    /** The zone's live count after this reading */
    count: integer('count').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('passenger_counts_terminal_nonce_uq').on(t.terminalId, t.nonce),
    index('passenger_counts_terminal_at_idx').on(t.terminalId, t.intervalStart),
  ],
);

/** A crowd warning: raised once per crossing of the threshold (SMS template 10, recorded until sent). */
export const crowdWarnings = pgTable(
  'crowd_warnings',
  {
    ...areaRow(),
    terminalId: integer('terminal_id')
      .notNull()
      .references(() => terminals.id, { onDelete: 'cascade' }),
    zone: varchar('zone', { length: 50 }).notNull(),
    count: integer('count').notNull(),
    threshold: integer('threshold').notNull(),
    recipients: jsonb('recipients').$type<string[]>().notNull().default([]),
    smsTemplate: smallint('sms_template').notNull(),
    /** CrowdWarningStatus */
    status: varchar('status', { length: 16 }).notNull().default('recorded'),
    createdAt: createdAt(),
  },
  (t) => [
    index('crowd_warnings_scenic_idx').on(t.scenicId, t.createdAt),
    index('crowd_warnings_terminal_idx').on(t.terminalId, t.createdAt),
  ],
);
export type CrowdWarning = typeof crowdWarnings.$inferSelect;
