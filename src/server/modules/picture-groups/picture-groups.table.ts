import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, smallint, varchar } from 'drizzle-orm/pg-core';
import { areaRow } from '../scenic/scenic.table.ts';
import { createdAt, timestamps } from '../../db/columns.ts';

/** /scenic/pictureCate: an area's picture groups, each a carousel or an album of the mini-program. */
export const pictureGroups = pgTable(
  'picture_groups',
  {
    ...areaRow(),
    name: varchar('name', { length: 50 }).notNull(),
    /** PictureShowType: 0 carousel, 1 album (docs/product.md §9) */
    showType: smallint('show_type').notNull().default(1),
    sort: integer('sort').notNull().default(0),
    /** EnableStatus: 1 enabled, 2 disabled */
    status: smallint('status').notNull().default(1),
    ...timestamps(),
  },
  (t) => [
    index('picture_groups_scenic_sort_idx').on(t.scenicId, t.sort, t.id),
    check('picture_groups_show_type_check', sql`${t.showType} in (0, 1)`),
    check('picture_groups_status_check', sql`${t.status} in (1, 2)`),
    check('picture_groups_sort_check', sql`${t.sort} between 0 and 9999`),
  ],
);
export type PictureGroup = typeof pictureGroups.$inferSelect;

/** The pictures of a group, shown in `sort` order; deleted with their group. */
export const groupPictures = pgTable(
  'group_pictures',
  {
    ...areaRow(),
    groupId: integer('group_id')
      .notNull()
      .references(() => pictureGroups.id, { onDelete: 'cascade' }),
    url: varchar('url', { length: 500 }).notNull(),
    caption: varchar('caption', { length: 100 }).notNull().default(''),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index('group_pictures_group_sort_idx').on(t.groupId, t.sort, t.id),
    check('group_pictures_url_check', sql`${t.url} <> ''`),
    check('group_pictures_sort_check', sql`${t.sort} >= 0`),
  ],
);
export type GroupPicture = typeof groupPictures.$inferSelect;
