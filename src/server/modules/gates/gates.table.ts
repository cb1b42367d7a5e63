import {
  index,
  integer,
  pgTable,
  serial,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { scenicAreas } from '../scenic/scenic.table.ts';

/** Gates of an area (docs/product.md §9 gate types 10/11/20/21); staff cards and check-in refer to them. */
export const gates = pgTable(
  'gates',
  {
    id: serial('id').primaryKey(),
    scenicId: integer('scenic_id')
      .notNull()
      .references(() => scenicAreas.id, { onDelete: 'cascade' }),
    code: varchar('code', { length: 32 }).notNull(),
    name: varchar('name', { length: 50 }).notNull(),
    /** GateType of src/shared/dict/ticket.ts */
    gateType: smallint('gate_type').notNull(),
    location: varchar('location', { length: 100 }).notNull().default(''),
    status: smallint('status').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('gates_scenic_idx').on(t.scenicId),
    uniqueIndex('gates_scenic_code_uq').on(t.scenicId, t.code),
  ],
);
