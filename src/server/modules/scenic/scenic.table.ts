import { integer, pgTable, serial, smallint, text, timestamp, varchar } from 'drizzle-orm/pg-core';

/** The tenant: every row of scenic data carries scenic_id referencing this table. */
export const scenicAreas = pgTable('scenic_areas', {
  id: serial('id').primaryKey(),
  code: varchar('code', { length: 32 }).notNull().unique(),
  name: varchar('name', { length: 100 }).notNull(),
  contact: varchar('contact', { length: 50 }).notNull().default(''),
  phone: varchar('phone', { length: 30 }).notNull().default(''),
  address: varchar('address', { length: 200 }).notNull().default(''),
  intro: text('intro').notNull().default(''),
  status: smallint('status').notNull().default(1),
  sort: integer('sort').notNull().default(0),
  /** IANA zone of the area's clock: its days and wall-clock times (docs/decisions.md "One clock per area") */
  timeZone: varchar('time_zone', { length: 64 }).notNull().default('Asia/Shanghai'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
