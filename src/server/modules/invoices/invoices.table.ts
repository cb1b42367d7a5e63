import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import type {
  InvoiceGoodsCode,
  InvoiceLineKindCode,
  InvoiceZeroRateCode,
} from '../../../shared/dict/invoices.ts';
import { areaLogRow, areaRow } from '../scenic/scenic.table.ts';
import { createdAt, timestamps } from '../../db/columns.ts';

/** The tax rule of one kind of goods on an issuer (docs/domain.md "E-invoices"). */
export interface InvoiceTaxRule {
  itemName: string;
  /** the 19-digit tax classification code */
  taxCode: string;
  /** basis points: 600 = 6 % */
  rate: number;
  zeroRate: InvoiceZeroRateCode;
}

/**
 * /invoice/invoiceSetting: who issues an area's invoices. Kind 1 is the area's company (its seller
 * data here); kind 2 the shop, whose seller data is /shop/storeInvoiceSet's (read at issue). The
 * provider's secret is sealed by the keyring (lib/secret-box.ts) and never answered by a route.
 */
export const invoiceIssuers = pgTable(
  'invoice_issuers',
  {
    ...areaRow(),
    /** InvoiceIssuerKind: 1 area, 2 shop */
    kind: smallint('kind').notNull(),
    name: varchar('name', { length: 100 }).notNull().default(''),
    /** unified social credit code (GB 32100) */
    taxId: varchar('tax_id', { length: 18 }).notNull().default(''),
    address: varchar('address', { length: 200 }).notNull().default(''),
    phone: varchar('phone', { length: 20 }).notNull().default(''),
    bankName: varchar('bank_name', { length: 100 }).notNull().default(''),
    bankAccount: varchar('bank_account', { length: 32 }).notNull().default(''),
    /** InvoiceIssuingMode: 1 automatic, 2 manual */
    mode: smallint('mode').notNull().default(2),
    lineKind: varchar('line_kind', { length: 1 }).$type<InvoiceLineKindCode>().notNull().default('p'),
    taxRules: jsonb('tax_rules')
      .$type<Partial<Record<InvoiceGoodsCode, InvoiceTaxRule>>>()
      .notNull()
      .default({}),
    provider: varchar('provider', { length: 20 }).notNull().default('nuonuo'),
    providerUrl: varchar('provider_url', { length: 300 }).notNull().default(''),
    appKey: varchar('app_key', { length: 64 }).notNull().default(''),
    appSecretSealed: text('app_secret_sealed').notNull().default(''),
    /** the provider's access token of a self-use app (issued on its console, set not to expire) */
    accessTokenSealed: text('access_token_sealed').notNull().default(''),
    enabled: boolean('enabled').notNull().default(false),
    remarks: varchar('remarks', { length: 200 }).notNull().default(''),
    updatedBy: integer('updated_by'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('invoice_issuers_scenic_kind_uq').on(t.scenicId, t.kind),
    check('invoice_issuers_kind_ck', sql`${t.kind} in (1, 2)`),
    check('invoice_issuers_mode_ck', sql`${t.mode} in (1, 2)`),
  ],
);
export type InvoiceIssuer = typeof invoiceIssuers.$inferSelect;

/**
 * The number series of an issuer: the invoice code printed on its invoices and the next number.
 * Taken by `UPDATE … SET next_no = next_no + 1 RETURNING` (the row locked by the update) in the
 * transaction that moves an invoice to issuing, never `max + 1`: no gaps, no duplicates.
 */
export const invoiceSeries = pgTable(
  'invoice_series',
  {
    issuerId: integer('issuer_id')
      .primaryKey()
      .references(() => invoiceIssuers.id, { onDelete: 'cascade' }),
    /** the 12-digit invoice code */
    code: varchar('code', { length: 12 }).notNull(),
    nextNo: integer('next_no').notNull().default(1),
    ...timestamps(),
  },
  (t) => [check('invoice_series_next_ck', sql`${t.nextNo} between 1 and 99999999`)],
);

/** An invoice (blue, or red referring to its blue one) and where it stands (docs/domain.md V1-V10). */
export const invoices = pgTable(
  'invoices',
  {
    ...areaLogRow(),
    issuerId: integer('issuer_id')
      .notNull()
      .references(() => invoiceIssuers.id),
    /** InvoiceKind: 1 blue, 2 red */
    kind: smallint('kind').notNull(),
    blueId: bigint('blue_id', { mode: 'number' }).references((): AnyPgColumn => invoices.id),
    lineKind: varchar('line_kind', { length: 1 }).$type<InvoiceLineKindCode>().notNull(),
    /** InvoiceState 0-9 */
    state: smallint('state').notNull().default(0),
    source: varchar('source', { length: 16 }).$type<InvoiceGoodsCode>().notNull(),
    sourceId: bigint('source_id', { mode: 'number' }).notNull(),
    sourceNo: varchar('source_no', { length: 40 }).notNull(),
    /** InvoiceBuyerType: 1 person, 2 company */
    buyerType: smallint('buyer_type').notNull(),
    buyerName: varchar('buyer_name', { length: 100 }).notNull(),
    buyerTaxId: varchar('buyer_tax_id', { length: 20 }).notNull().default(''),
    buyerAddress: varchar('buyer_address', { length: 200 }).notNull().default(''),
    buyerBank: varchar('buyer_bank', { length: 150 }).notNull().default(''),
    buyerEmail: varchar('buyer_email', { length: 100 }).notNull().default(''),
    buyerPhone: varchar('buyer_phone', { length: 20 }).notNull().default(''),
    /** cents, tax included (a red invoice's are positive: what it takes back) */
    amount: integer('amount').notNull(),
    tax: integer('tax').notNull(),
    /** the seller printed, taken when issuing (the shop's from its store settings) */
    seller: jsonb('seller').$type<Record<string, string>>(),
    /**
     * The issuer's series: code and number, taken at the first issue (docs/domain.md "Numbers"); sent
     * to the platform as the request's `orderNo` (code + number), which it never issues twice
     */
    code: varchar('code', { length: 12 }),
    number: varchar('number', { length: 8 }),
    /** the platform's serial of the request (Nuonuo's invoiceSerialNum) */
    providerSerial: varchar('provider_serial', { length: 40 }),
    /** the invoice code and number the tax office gave, once issued */
    taxInvoiceCode: varchar('tax_invoice_code', { length: 20 }).notNull().default(''),
    taxInvoiceNo: varchar('tax_invoice_no', { length: 20 }).notNull().default(''),
    issuedAt: timestamp('issued_at', { withTimezone: true }),
    pdfKey: varchar('pdf_key', { length: 300 }).notNull().default(''),
    failReason: varchar('fail_reason', { length: 300 }).notNull().default(''),
    /** InvoiceTaxReport: 0 not reported, 1 reported */
    taxReport: smallint('tax_report').notNull().default(0),
    remarks: varchar('remarks', { length: 200 }).notNull().default(''),
    /** who asked: member, channel, staff, refund */
    requestedBy: varchar('requested_by', { length: 16 }).notNull(),
    ...timestamps(),
  },
  (t) => [
    index('invoices_scenic_idx').on(t.scenicId, t.createdAt),
    index('invoices_source_idx').on(t.scenicId, t.source, t.sourceId),
    index('invoices_blue_idx').on(t.blueId),
    uniqueIndex('invoices_number_uq').on(t.issuerId, t.code, t.number),
    uniqueIndex('invoices_live_blue_uq')
      .on(t.source, t.sourceId)
      .where(sql`${t.kind} = 1 and ${t.state} <> 7`),
    check(
      'invoices_kind_ck',
      sql`(${t.kind} = 1 and ${t.blueId} is null) or (${t.kind} = 2 and ${t.blueId} is not null)`,
    ),
    check('invoices_state_ck', sql`${t.state} between 0 and 9`),
    check('invoices_amount_ck', sql`${t.amount} > 0 and ${t.tax} >= 0 and ${t.tax} <= ${t.amount}`),
  ],
);
export type InvoiceRow = typeof invoices.$inferSelect;

/** The lines of an invoice: tax per line, rounded once (docs/domain.md). */
export const invoiceLines = pgTable(
  'invoice_lines',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    invoiceId: bigint('invoice_id', { mode: 'number' })
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    seq: smallint('seq').notNull(),
    itemName: varchar('item_name', { length: 60 }).notNull(),
    taxCode: varchar('tax_code', { length: 19 }).notNull(),
    quantity: integer('quantity').notNull(),
    /** cents, tax included */
    unitPrice: integer('unit_price').notNull(),
    amount: integer('amount').notNull(),
    /** basis points */
    rate: integer('rate').notNull(),
    tax: integer('tax').notNull(),
    /** InvoiceLineProperty: 0 normal, 1 discount, 2 discounted */
    property: smallint('property').notNull().default(0),
    /** InvoiceZeroRate: 0 non-zero, 1-3 */
    zeroRate: smallint('zero_rate').notNull().default(0),
  },
  (t) => [uniqueIndex('invoice_lines_seq_uq').on(t.invoiceId, t.seq)],
);

/** /invoice/invoiceRecord: every request to the provider and its answer (append-only: a trigger). */
export const invoiceRecords = pgTable(
  'invoice_records',
  {
    ...areaLogRow(),
    /** null: a call for no invoice (the settings' "test connection") */
    invoiceId: bigint('invoice_id', { mode: 'number' }).references(() => invoices.id),
    /** issue, reissue, void, query, test */
    action: varchar('action', { length: 16 }).notNull(),
    provider: varchar('provider', { length: 20 }).notNull(),
    ok: boolean('ok').notNull(),
    request: jsonb('request').$type<Record<string, unknown>>().notNull(),
    answer: jsonb('answer').$type<Record<string, unknown>>(),
    message: varchar('message', { length: 500 }).notNull().default(''),
    durationMs: integer('duration_ms').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('invoice_records_scenic_idx').on(t.scenicId, t.createdAt),
    index('invoice_records_invoice_idx').on(t.invoiceId),
  ],
);
