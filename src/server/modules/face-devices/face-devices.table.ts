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

/** The settings of a face device (terminals of kind faceDevice); no row: FACE_DEFAULTS. */
export const faceSettings = pgTable('face_settings', {
  terminalId: integer('terminal_id')
    .primaryKey()
    .references(() => terminals.id, { onDelete: 'cascade' }),
  /** FaceDirection: 0 in, 1 out */
  direction: smallint('direction').notNull().default(0),
  matchThreshold: smallint('match_threshold').notNull().default(80),
  livenessCheck: boolean('liveness_check').notNull().default(true),
  temperatureAlarm: boolean('temperature_alarm').notNull().default(true),
  /** Tenths of °C (373 = 37.3 °C) */
  temperatureThreshold: smallint('temperature_threshold').notNull().default(373),
  /** Health codes (docs/product.md §9) let through without an alarm */
  admittedHealthCodes: jsonb('admitted_health_codes').$type<number[]>().notNull().default([0]),
  updatedAt: updatedAt(),
});

/** What a face device observed at a passage, stored once per (device, nonce), flagged by the server. */
export const faceEvents = pgTable(
  'face_events',
  {
    ...areaRow(),
    terminalId: integer('terminal_id')
      .notNull()
      .references(() => terminals.id, { onDelete: 'cascade' }),
    nonce: varchar('nonce', { length: 64 }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    /** The device's direction when it was stored */
    direction: smallint('direction').notNull(),
    matched: boolean('matched').notNull(),
    score: smallint('score').notNull(),
    livenessOk: boolean('liveness_ok').notNull(),
    /** Tenths of °C */
    temperature: smallint('temperature'),
    healthCode: smallint('health_code'),
    personRef: varchar('person_ref', { length: 64 }).notNull().default(''),
    alarm: boolean('alarm').notNull(),
    /** FaceAlarmReason codes */
    alarmReasons: jsonb('alarm_reasons').$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('face_events_terminal_nonce_uq').on(t.terminalId, t.nonce),
    index('face_events_terminal_at_idx').on(t.terminalId, t.at),
    index('face_events_scenic_at_idx').on(t.scenicId, t.at),
  ],
);
export type FaceEvent = typeof faceEvents.$inferSelect;
