import { index, integer, pgTable, smallint, timestamp } from 'drizzle-orm/pg-core';

/**
 * Passages of the gate log (checkin's gate_events) per area, hour, gate and entry type: what the
 * entries-and-exits report (/statAnalyse/stat) and the dashboard's gate figures read instead of a
 * year of scans. Rows are deltas appended by a trigger on gate_events in the transaction that
 * writes the event (migration 0058); `foldGateTraffic` folds them into one row per key. Sums over it
 * equal counts over the gate log (`gateTrafficMismatches`).
 *
 * `hour` is the start of the hour in UTC (not the area's clock), so a change of the area's time
 * zone changes no row: a report reads the hours on the area's clock.
 */
export const gateTrafficHourly = pgTable(
  'gate_traffic_hourly',
  {
    scenicId: integer('scenic_id').notNull(),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    /** 0 for the system's own events (the closing exits of T13) */
    gateId: integer('gate_id').notNull(),
    /** ParkEntryType (1 ticket, 2 pass card, 3 staff card); 0 when the event has none */
    entryType: smallint('entry_type').notNull(),
    entries: integer('entries').notNull(),
    exits: integer('exits').notNull(),
    denied: integer('denied').notNull(),
  },
  (t) => [index('gate_traffic_hourly_scenic_hour_idx').on(t.scenicId, t.hour)],
);
