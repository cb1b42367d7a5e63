import { index, primaryKey, integer, pgTable, smallint, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { areaRow } from '../scenic/scenic.table.ts';
import { timestamps } from '../../db/columns.ts';

/** Gates of an area (docs/product.md §9 gate types 10/11/20/21); staff cards and check-in refer to them. */
export const gates = pgTable(
  'gates',
  {
    ...areaRow(),
    code: varchar('code', { length: 32 }).notNull(),
    name: varchar('name', { length: 50 }).notNull(),
    /** GateType of src/shared/dict/gates.ts */
    gateType: smallint('gate_type').notNull(),
    location: varchar('location', { length: 100 }).notNull().default(''),
    /** EnableStatus: 1 in service, 2 out of service (refuses every scan: wrongGate) */
    status: smallint('status').notNull().default(1),
    /** docs/product.md §4 pass state: 0 on, 1 off (an in-service gate closed for now: gateClosed) */
    passState: smallint('pass_state').notNull().default(0),
    /** The gate's own opening hours (HH:mm) for entries; both null: the area's hours */
    openFrom: varchar('open_from', { length: 5 }),
    openTo: varchar('open_to', { length: 5 }),
    ...timestamps(),
  },
  (t) => [
    index('gates_scenic_idx').on(t.scenicId),
    uniqueIndex('gates_scenic_code_uq').on(t.scenicId, t.code),
  ],
);

/**
 * What a gate is limited to admitting: ticket products, cards (staff cards) and booking sites of
 * the reservations module. No row of a kind means the gate admits all of that kind.
 */
export const gateAdmissions = pgTable(
  'gate_admissions',
  {
    gateId: integer('gate_id')
      .notNull()
      .references(() => gates.id, { onDelete: 'cascade' }),
    /** GateAdmissionKind: product, card, booking */
    kind: varchar('kind', { length: 16 }).notNull(),
    /** ticket_products.id, staff_cards.id or reservation_sites.id */
    refId: integer('ref_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.gateId, t.kind, t.refId] })],
);
