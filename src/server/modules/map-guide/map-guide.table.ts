import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, smallint, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import type { Point } from '../../../shared/api/map-guide.ts';
import { timestamps } from '../../db/columns.ts';
import { areaRow } from '../scenic/scenic.table.ts';
import { scenicSpots } from '../scenic-spots/scenic-spots.table.ts';

/** /mapGuide/spotGuide: an area's illustrated map placed by its four corners (spec §3 map config). */
export const guideMaps = pgTable(
  'guide_maps',
  {
    ...areaRow(),
    name: varchar('name', { length: 50 }).notNull(),
    image: varchar('image', { length: 500 }).notNull(),
    mapKey: varchar('map_key', { length: 100 }).notNull().default(''),
    centerSpot: jsonb('center_spot').$type<Point>().notNull(),
    lowerLeft: jsonb('lower_left').$type<Point>().notNull(),
    lowerRight: jsonb('lower_right').$type<Point>().notNull(),
    upperLeft: jsonb('upper_left').$type<Point>().notNull(),
    upperRight: jsonb('upper_right').$type<Point>().notNull(),
    personLayerId: varchar('person_layer_id', { length: 50 }).notNull().default(''),
    mapStyleId: varchar('map_style_id', { length: 50 }).notNull().default(''),
    /** metres: how far from a position selectMarker still picks a spot */
    radius: integer('radius').notNull().default(50),
    sort: integer('sort').notNull().default(0),
    /** EnableStatus; the area's map is its first enabled one by sort */
    status: smallint('status').notNull().default(1),
    ...timestamps(),
  },
  (t) => [
    index('guide_maps_scenic_sort_idx').on(t.scenicId, t.sort, t.id),
    check('guide_maps_status_check', sql`${t.status} in (1, 2)`),
    check('guide_maps_radius_check', sql`${t.radius} between 5 and 5000`),
  ],
);
export type GuideMap = typeof guideMaps.$inferSelect;

/** /mapGuide/voiceSetting: the voices a spot may be told in (Mandarin, English, Cantonese…). */
export const voiceTypes = pgTable(
  'voice_types',
  {
    ...areaRow(),
    name: varchar('name', { length: 20 }).notNull(),
    language: varchar('language', { length: 40 }).notNull(),
    sort: integer('sort').notNull().default(0),
    status: smallint('status').notNull().default(1),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('voice_types_scenic_name_idx').on(t.scenicId, t.name),
    check('voice_types_status_check', sql`${t.status} in (1, 2)`),
  ],
);
export type VoiceType = typeof voiceTypes.$inferSelect;

/** One audio file per spot and voice, its length read from the file. */
export const spotVoices = pgTable(
  'spot_voices',
  {
    ...areaRow(),
    spotId: integer('spot_id')
      .notNull()
      .references(() => scenicSpots.id, { onDelete: 'cascade' }),
    voiceTypeId: integer('voice_type_id')
      .notNull()
      .references(() => voiceTypes.id, { onDelete: 'cascade' }),
    url: varchar('url', { length: 500 }).notNull(),
    /** seconds */
    duration: integer('duration').notNull(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('spot_voices_spot_voice_idx').on(t.spotId, t.voiceTypeId),
    index('spot_voices_voice_type_idx').on(t.voiceTypeId),
    check('spot_voices_duration_check', sql`${t.duration} >= 0`),
  ],
);
export type SpotVoiceRecord = typeof spotVoices.$inferSelect;

/** /mapGuide/tourRoute: ordered spots with a drawn path, its length computed from the path. */
export const guideRoutes = pgTable(
  'guide_routes',
  {
    ...areaRow(),
    name: varchar('name', { length: 50 }).notNull(),
    spotIds: jsonb('spot_ids').$type<number[]>().notNull(),
    path: jsonb('path').$type<Point[]>().notNull(),
    /** metres */
    distance: integer('distance').notNull(),
    /** suggested duration, minutes */
    duration: integer('duration').notNull(),
    sort: integer('sort').notNull().default(0),
    status: smallint('status').notNull().default(1),
    introduction: varchar('introduction', { length: 1000 }).notNull().default(''),
    ...timestamps(),
  },
  (t) => [
    check('guide_routes_duration_check', sql`${t.duration} between 1 and 1440`),
    check('guide_routes_status_check', sql`${t.status} in (1, 2)`),
    index('guide_routes_scenic_sort_idx').on(t.scenicId, t.sort, t.id),
  ],
);
export type GuideRoute = typeof guideRoutes.$inferSelect;
