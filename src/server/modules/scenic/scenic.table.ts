import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  doublePrecision,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import type { OpeningSeason } from '../../../shared/api/scenic.ts';
import { createdAt, updatedAt } from '../../db/columns.ts';

/** The tenant: every row of scenic data carries scenic_id referencing this table. */
export const scenicAreas = pgTable(
  'scenic_areas',
  {
    id: serial('id').primaryKey(),
    code: varchar('code', { length: 32 }).notNull().unique(),
    name: varchar('name', { length: 100 }).notNull(),
    contact: varchar('contact', { length: 50 }).notNull().default(''),
    phone: varchar('phone', { length: 30 }).notNull().default(''),
    address: varchar('address', { length: 200 }).notNull().default(''),
    /** The profile's introduction: sanitised rich text (docs/decisions.md "Scenic area profile") */
    intro: text('intro').notNull().default(''),
    status: smallint('status').notNull().default(1),
    sort: integer('sort').notNull().default(0),
    /** IANA zone of the area's clock: its days and wall-clock times (docs/decisions.md "One clock per area") */
    timeZone: varchar('time_zone', { length: 64 }).notNull().default('Asia/Shanghai'),
    /** ScenicLevel: 1-5 for 1A-5A, 0 not rated */
    level: smallint('level').notNull().default(0),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    /** The seasons' opening hours (OpeningSeasonsSchema), in the order the area gave them */
    openingSeasons: jsonb('opening_seasons').$type<OpeningSeason[]>().notNull().default([]),
    cover: varchar('cover', { length: 500 }).notNull().default(''),
    gallery: jsonb('gallery').$type<string[]>().notNull().default([]),
    traffic: text('traffic').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('scenic_areas_name_uq').on(t.name),
    check('scenic_areas_level_check', sql`${t.level} between 0 and 5`),
    check(
      'scenic_areas_position_check',
      sql`(${t.latitude} is null) = (${t.longitude} is null) and coalesce(${t.latitude} between -90 and 90, true) and coalesce(${t.longitude} between -180 and 180, true)`,
    ),
    check('scenic_areas_seasons_check', sql`jsonb_typeof(${t.openingSeasons}) = 'array'`),
    check('scenic_areas_gallery_check', sql`jsonb_typeof(${t.gallery}) = 'array'`),
  ],
);

/** A table's `scenic_id`: the area the row belongs to, gone with the area. */
export const scenicIdColumn = () =>
  integer('scenic_id')
    .notNull()
    .references(() => scenicAreas.id, { onDelete: 'cascade' });

/** The first two columns of most tables: `...areaRow()` gives the serial id and the area. */
export const areaRow = () => ({ id: serial('id').primaryKey(), scenicId: scenicIdColumn() });

/** The same for a table that grows without bound (ledgers, logs, codes): a 64-bit id. */
export const areaLogRow = () => ({
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  scenicId: scenicIdColumn(),
});
