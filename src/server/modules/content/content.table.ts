import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { areaRow } from '../scenic/scenic.table.ts';
import { timestamps } from '../../db/columns.ts';

/** `/scenic/announcement`: an area's announcements; HTML sanitised on save, shown inside their window. */
export const announcements = pgTable(
  'announcements',
  {
    ...areaRow(),
    title: varchar('title', { length: 100 }).notNull(),
    content: text('content').notNull(),
    cover: varchar('cover', { length: 500 }).notNull().default(''),
    /** The window the mini-program shows it in; null is an open end. */
    publishFrom: timestamp('publish_from', { withTimezone: true }),
    publishTo: timestamp('publish_to', { withTimezone: true }),
    pinned: boolean('pinned').notNull().default(false),
    /** ContentState: 1 draft, 2 published, 3 withdrawn */
    state: smallint('state').notNull().default(1),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    index('announcements_scenic_state_idx').on(t.scenicId, t.state, t.pinned),
    check('announcements_state_check', sql`${t.state} in (1, 2, 3)`),
    check(
      'announcements_window_check',
      sql`${t.publishFrom} is null or ${t.publishTo} is null or ${t.publishTo} > ${t.publishFrom}`,
    ),
  ],
);
export type Announcement = typeof announcements.$inferSelect;

/** `/scenic/scenicArticle`: travel guides, news and culture pieces; HTML sanitised on save. */
export const scenicArticles = pgTable(
  'scenic_articles',
  {
    ...areaRow(),
    /** ArticleCategory: 1 travel guide, 2 news, 3 culture */
    category: smallint('category').notNull(),
    title: varchar('title', { length: 100 }).notNull(),
    cover: varchar('cover', { length: 500 }).notNull().default(''),
    content: text('content').notNull(),
    author: varchar('author', { length: 50 }).notNull().default(''),
    /** ContentState: 1 draft, 2 published, 3 withdrawn */
    state: smallint('state').notNull().default(1),
    viewCount: integer('view_count').notNull().default(0),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    index('scenic_articles_scenic_state_idx').on(t.scenicId, t.state, t.publishedAt),
    check('scenic_articles_category_check', sql`${t.category} in (1, 2, 3)`),
    check('scenic_articles_state_check', sql`${t.state} in (1, 2, 3)`),
    check('scenic_articles_view_count_check', sql`${t.viewCount} >= 0`),
  ],
);
export type ScenicArticle = typeof scenicArticles.$inferSelect;
