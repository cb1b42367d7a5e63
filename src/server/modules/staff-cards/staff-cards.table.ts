import { sql } from 'drizzle-orm';
import {
  check,
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

/** `/ticket/entryCode`: staff cards, park entry type 3 of docs/product.md §9 at the gate. */
export const staffCards = pgTable(
  'staff_cards',
  {
    ...areaRow(),
    holderName: varchar('holder_name', { length: 50 }).notNull(),
    phone: varchar('phone', { length: 20 }).notNull().default(''),
    department: varchar('department', { length: 50 }).notNull().default(''),
    /** Mainland ID card number; needed when the card reads ID cards */
    idNumber: varchar('id_number', { length: 18 }),
    /** IC card number; needed when the card reads IC cards */
    icCardNo: varchar('ic_card_no', { length: 32 }),
    /** Face image URL; needed when the card reads faces */
    faceImage: varchar('face_image', { length: 500 }),
    /** The QR payload, random and unguessable; regenerated on demand */
    qrCode: varchar('qr_code', { length: 64 }).notNull(),
    /** CardReadMode codes (docs/product.md §9 card reading) */
    readModes: smallint('read_modes').array().notNull(),
    /** Gates the card opens; empty = every gate of the area */
    gateIds: integer('gate_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    validFrom: timestamp('valid_from', { withTimezone: true }).notNull(),
    validTo: timestamp('valid_to', { withTimezone: true }).notNull(),
    status: smallint('status').notNull().default(1),
    remark: varchar('remark', { length: 200 }).notNull().default(''),
    ...timestamps(),
  },
  (t) => [
    index('staff_cards_scenic_idx').on(t.scenicId),
    uniqueIndex('staff_cards_qr_uq').on(t.qrCode),
    uniqueIndex('staff_cards_scenic_id_number_uq').on(t.scenicId, t.idNumber),
    uniqueIndex('staff_cards_scenic_ic_uq').on(t.scenicId, t.icCardNo),
    check('staff_cards_validity_ck', sql`${t.validFrom} < ${t.validTo}`),
  ],
);
