import { z } from 'zod';
import { InvoiceRequested, StatementInvoiced } from '../dict/invoice-checks.ts';
import { dictCodeSchema, endpoints, IdSchema, listQuerySchema } from './common.ts';
import { required, text } from './fields.ts';
import { InvoiceBuyerSchema, InvoiceRowSchema } from './invoices.ts';

/**
 * /invoice/invDetection (docs/invoices.md "Checks and settlement invoices"): paid sources not
 * invoiced after N days, invoices stuck in an in-between state over M minutes, issued invoices whose
 * total differs from what their source kept; each row with its fix.
 */
export const invoiceCheckApi = endpoints('/web/api/admin/invoice/check', [
  'counts',
  'request',
  'settle',
  'red',
]);
export const invoiceUnbilledApi = endpoints('/web/api/admin/invoice/check/unbilled', ['page', 'export']);
export const invoiceStuckApi = endpoints('/web/api/admin/invoice/check/stuck', ['page', 'export']);
export const invoiceMismatchApi = endpoints('/web/api/admin/invoice/check/mismatch', ['page', 'export']);
/** /invoice/disInvoicePage: one invoice per distributor settlement statement. */
export const invoiceSettlementApi = endpoints('/web/api/admin/invoice/settlement', [
  'page',
  'export',
  'request',
]);

/** The sources the unbilled check reads (a settlement statement is invoiced on its own screen). */
export const UNBILLED_SOURCES = ['ticket', 'shop', 'card'] as const;
export const DEFAULT_CHECK_DAYS = 7;
export const DEFAULT_CHECK_MINUTES = 30;

const DaysSchema = z.coerce.number().int().min(0).max(3650).default(DEFAULT_CHECK_DAYS);
const MinutesSchema = z.coerce.number().int().min(1).max(525_600).default(DEFAULT_CHECK_MINUTES);

export const InvoiceCheckCountsQuerySchema = z.object({ days: DaysSchema, minutes: MinutesSchema }).strict();
export const InvoiceCheckCountsSchema = z.object({
  unbilled: z.number().int(),
  stuck: z.number().int(),
  mismatch: z.number().int(),
});
export type InvoiceCheckCounts = z.infer<typeof InvoiceCheckCountsSchema>;

export const UnbilledPageSchema = listQuerySchema(['paidAt', 'left'], {
  days: DaysSchema,
  source: z.enum(UNBILLED_SOURCES).optional(),
  requested: dictCodeSchema(InvoiceRequested).optional(),
  /** the order's number or the buyer's name */
  keyword: text(100).optional(),
});
export type UnbilledPage = z.infer<typeof UnbilledPageSchema>;

export const UnbilledRowSchema = z.object({
  /** source and id: unique over the three sources */
  key: z.string(),
  source: z.enum(UNBILLED_SOURCES),
  sourceId: z.number().int(),
  sourceNo: z.string(),
  buyerName: z.string(),
  buyerPhone: z.string(),
  /** cents paid, and paid and not refunded */
  paid: z.number().int(),
  left: z.number().int(),
  paidAt: z.string(),
  /** the requested blue invoice not issued yet (0 or 2), if any */
  invoiceId: z.number().int().nullable(),
  invoiceState: z.number().int().nullable(),
});
export type UnbilledRow = z.infer<typeof UnbilledRowSchema>;

export const StuckPageSchema = listQuerySchema(['since', 'amount'], {
  minutes: MinutesSchema,
  state: z.coerce
    .number()
    .int()
    .refine((s) => [3, 6, 9].includes(s))
    .optional(),
  keyword: text(100).optional(),
});
export type StuckPage = z.infer<typeof StuckPageSchema>;

export const StuckRowSchema = InvoiceRowSchema.extend({
  /** when it entered the state it is in (its last move's audit row) */
  since: z.string(),
  stuckMinutes: z.number().int(),
});
export type StuckRow = z.infer<typeof StuckRowSchema>;

export const MismatchPageSchema = listQuerySchema(['diff', 'issuedAt'], { keyword: text(100).optional() });
export type MismatchPage = z.infer<typeof MismatchPageSchema>;

export const MismatchRowSchema = InvoiceRowSchema.extend({
  /** the blue invoice's amount less its reds' */
  invoiced: z.number().int(),
  /** what the source paid and did not get back */
  sourceLeft: z.number().int(),
  /** invoiced − sourceLeft: more than 0 is the excess a red letter takes back */
  diff: z.number().int(),
});
export type MismatchRow = z.infer<typeof MismatchRowSchema>;

/** Fix of the unbilled check: a blue invoice requested by staff, the buyer taken from the order. */
export const CheckRequestSchema = z
  .object({ source: z.enum(UNBILLED_SOURCES), sourceNo: required(40) })
  .strict();
export const CheckInvoiceIdSchema = z.object({ id: IdSchema }).strict();

export const SettlementInvoicePageSchema = listQuerySchema(['closedAt', 'amount'], {
  batchNo: text(32).optional(),
  distributorId: IdSchema.optional(),
  invoiced: dictCodeSchema(StatementInvoiced).optional(),
});
export type SettlementInvoicePage = z.infer<typeof SettlementInvoicePageSchema>;

export const SettlementInvoiceRowSchema = z.object({
  /** the statement's number: the batch's and the distributor's (the invoice's source number) */
  statementNo: z.string(),
  batchId: z.number().int(),
  batchNo: z.string(),
  periodFrom: z.string(),
  periodTo: z.string(),
  closedAt: z.string().nullable(),
  distributorId: z.number().int(),
  distributorName: z.string(),
  distributorPhone: z.string(),
  ticketCount: z.number().int(),
  /** cents: the statement's settlement amount, what its invoice is for */
  amount: z.number().int(),
  commission: z.number().int(),
  /** its latest blue invoice (a voided one too), if any */
  invoiceId: z.number().int().nullable(),
  invoiceState: z.number().int().nullable(),
  invoiceNo: z.string(),
  invoiceAmount: z.number().int().nullable(),
});
export type SettlementInvoiceRow = z.infer<typeof SettlementInvoiceRowSchema>;

/** A statement's invoice: the buyer is the distributor (its company; a tax id it gives here). */
export const SettlementInvoiceRequestSchema = z
  .object({ batchId: IdSchema, distributorId: IdSchema })
  .and(InvoiceBuyerSchema);
export type SettlementInvoiceRequest = z.infer<typeof SettlementInvoiceRequestSchema>;
