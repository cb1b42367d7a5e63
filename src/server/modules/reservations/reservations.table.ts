import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { areaRow } from '../scenic/scenic.table.ts';
import { timestamps } from '../../db/columns.ts';

/** /Make/site: a free, capacity-limited place visitors book a session of (a venue, an exhibition). */
export const reservationSites = pgTable(
  'reservation_sites',
  {
    ...areaRow(),
    name: varchar('name', { length: 50 }).notNull(),
    location: varchar('location', { length: 100 }).notNull().default(''),
    /** The capacity a generated session gets */
    capacity: integer('capacity').notNull(),
    /** Booking opens this many days ahead of a session's day (0: on the day only) */
    daysAhead: integer('days_ahead').notNull().default(7),
    /** Booking closes this many minutes before a session starts */
    closeMinutes: integer('close_minutes').notNull().default(0),
    rules: varchar('rules', { length: 2000 }).notNull().default(''),
    /** Visitors must give an ID number */
    realName: boolean('real_name').notNull().default(false),
    /** EnableStatus: 1 enabled, 2 disabled */
    status: smallint('status').notNull().default(1),
    ...timestamps(),
  },
  (t) => [
    index('reservation_sites_scenic_idx').on(t.scenicId, t.id),
    check('reservation_sites_capacity_check', sql`${t.capacity} between 1 and 100000`),
    check('reservation_sites_days_ahead_check', sql`${t.daysAhead} between 0 and 365`),
    check('reservation_sites_close_minutes_check', sql`${t.closeMinutes} between 0 and 1440`),
    check('reservation_sites_status_check', sql`${t.status} in (1, 2)`),
  ],
);

/** /Make/session: one bookable time slot of a site on a day; `booked` counts its active bookings. */
export const reservationSessions = pgTable(
  'reservation_sessions',
  {
    ...areaRow(),
    siteId: integer('site_id')
      .notNull()
      .references(() => reservationSites.id, { onDelete: 'cascade' }),
    /** The area's calendar day */
    date: date('date', { mode: 'string' }).notNull(),
    /** "HH:mm" on the area's clock */
    startTime: varchar('start_time', { length: 5 }).notNull(),
    endTime: varchar('end_time', { length: 5 }).notNull(),
    capacity: integer('capacity').notNull(),
    /** Bookings in state 0 booked or 1 arrived; changed only by guarded updates */
    booked: integer('booked').notNull().default(0),
    /** ReservationSessionStatus: 1 open, 2 closed (no more bookings) */
    status: smallint('status').notNull().default(1),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('reservation_sessions_slot_uq').on(t.siteId, t.date, t.startTime),
    index('reservation_sessions_scenic_date_idx').on(t.scenicId, t.date, t.startTime),
    check('reservation_sessions_capacity_check', sql`${t.capacity} between 1 and 100000`),
    check('reservation_sessions_booked_check', sql`${t.booked} >= 0 and ${t.booked} <= ${t.capacity}`),
    check('reservation_sessions_time_check', sql`${t.endTime} > ${t.startTime}`),
    check('reservation_sessions_status_check', sql`${t.status} in (1, 2)`),
  ],
);

/** /Make/message: a visitor's booking of a session (spec §4: 0 booked, 1 arrived, 2 cancelled, 3 expired). */
export const reservations = pgTable(
  'reservations',
  {
    ...areaRow(),
    siteId: integer('site_id')
      .notNull()
      .references(() => reservationSites.id),
    sessionId: integer('session_id')
      .notNull()
      .references(() => reservationSessions.id),
    /** Shown to the visitor and scanned at the gate */
    code: varchar('code', { length: 16 }).notNull(),
    visitorName: varchar('visitor_name', { length: 50 }).notNull(),
    phone: varchar('phone', { length: 20 }).notNull().default(''),
    idNumber: varchar('id_number', { length: 18 }).notNull().default(''),
    /** Who the visitor is for the one-active-booking rule: the ID number, else the phone */
    visitorKey: varchar('visitor_key', { length: 24 }).notNull(),
    /** The OAuth client that booked, and its buy channel (docs/product.md §9) */
    clientId: varchar('client_id', { length: 64 }).notNull().default(''),
    channel: smallint('channel').notNull(),
    /** ReservationStatus */
    status: smallint('status').notNull().default(0),
    bookedAt: timestamp('booked_at', { withTimezone: true }).notNull().defaultNow(),
    arrivedAt: timestamp('arrived_at', { withTimezone: true }),
    /** When it was cancelled or expired */
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('reservations_code_uq').on(t.code),
    // one active booking per visitor and session (the 409 visitorAlreadyBooked)
    uniqueIndex('reservations_visitor_active_uq')
      .on(t.sessionId, t.visitorKey)
      .where(sql`${t.status} in (0, 1)`),
    index('reservations_scenic_booked_idx').on(t.scenicId, t.bookedAt, t.id),
    index('reservations_session_status_idx').on(t.sessionId, t.status),
    index('reservations_scenic_phone_idx').on(t.scenicId, t.phone),
    check('reservations_status_check', sql`${t.status} in (0, 1, 2, 3)`),
    check('reservations_arrived_check', sql`(${t.status} = 1) = (${t.arrivedAt} is not null)`),
    check('reservations_visitor_key_check', sql`${t.visitorKey} <> ''`),
  ],
);

export type ReservationSite = typeof reservationSites.$inferSelect;
export type ReservationSession = typeof reservationSessions.$inferSelect;
export type Reservation = typeof reservations.$inferSelect;
