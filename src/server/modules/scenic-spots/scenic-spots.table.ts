import { sql } from 'drizzle-orm';
import {
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  varchar,
} from 'drizzle-orm/pg-core';
import { areaRow } from '../scenic/scenic.table.ts';
import { timestamps } from '../../db/columns.ts';

/** /scenic/viewpoint: the spots inside an area, shown on the mini-program's guide. */
export const scenicSpots = pgTable(
  'scenic_spots',
  {
    ...areaRow(),
    name: varchar('name', { length: 50 }).notNull(),
    /** SpotType: 1 attraction, 2 route, 3 public facility (docs/product.md §9) */
    spotType: smallint('spot_type').notNull().default(1),
    image: varchar('image', { length: 500 }).notNull().default(''),
    introduction: varchar('introduction', { length: 2000 }).notNull().default(''),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    /** "HH:mm", or '' when the spot keeps the area's opening hours */
    openTime: varchar('open_time', { length: 5 }).notNull().default(''),
    closeTime: varchar('close_time', { length: 5 }).notNull().default(''),
    sort: integer('sort').notNull().default(0),
    /** the map guide's marker icon and pictures (map-guide module, docs/decisions.md) */
    icon: varchar('icon', { length: 500 }).notNull().default(''),
    images: jsonb('images').$type<string[]>().notNull().default([]),
    /** EnableStatus: 1 enabled, 2 disabled */
    status: smallint('status').notNull().default(1),
    ...timestamps(),
  },
  (t) => [
    index('scenic_spots_scenic_sort_idx').on(t.scenicId, t.sort, t.id),
    check('scenic_spots_type_check', sql`${t.spotType} in (1, 2, 3)`),
    check('scenic_spots_status_check', sql`${t.status} in (1, 2)`),
    check(
      'scenic_spots_hours_check',
      sql`(${t.openTime} = '' and ${t.closeTime} = '') or (${t.openTime} <> '' and ${t.closeTime} > ${t.openTime})`,
    ),
  ],
);

export type ScenicSpot = typeof scenicSpots.$inferSelect;
