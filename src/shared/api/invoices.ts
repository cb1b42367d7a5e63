import { z } from 'zod';
import {
  INVOICE_GOODS,
  INVOICE_LINE_KINDS,
  InvoiceBuyerType,
  INVOICE_RECORD_ACTIONS,
  InvoiceKind,
  InvoiceState,
  SPECIAL_LINE_KINDS,
} from '../dict/invoices.ts';
import { dictCodeSchema, endpoints, IdSchema, listQuerySchema } from './common.ts';
import { key, required, text } from './fields.ts';

/**
 * /invoice/invoiceList and /invoice/invoiceRecord (docs/domain.md "E-invoices"): the area's invoices,
 * their moves (issue or retry, void, red letter) and every request made to the platform.
 */
export const invoiceApi = endpoints('/web/api/admin/invoice', [
  'page',
  'export',
  'detail',
  'request',
  'issue',
  'void',
  'red',
  'pdf',
  'reissue',
  'totals',
  'resend',
]);
export const invoiceRecordApi = endpoints('/web/api/admin/invoice/record', ['page', 'export']);

const IsoTimeSchema = z.iso.datetime({ offset: true });

export const INVOICE_SORT_FIELDS = ['createTime', 'issuedAt', 'amount'] as const;
export const InvoicePageSchema = listQuerySchema(INVOICE_SORT_FIELDS, {
  state: dictCodeSchema(InvoiceState).optional(),
  kind: dictCodeSchema(InvoiceKind).optional(),
  source: z.enum(INVOICE_GOODS).optional(),
  lineKind: z.enum(INVOICE_LINE_KINDS).optional(),
  /** the series number, the tax office's number, the source's number or the buyer's name */
  keyword: text(100).optional(),
  /** the source order's number (part of it) */
  sourceNo: text(40).optional(),
  /** the buyer's name, tax id, e-mail or mobile (part of it) */
  buyer: text(100).optional(),
  /** the request number (series code + number) or the tax office's number (part of it) */
  number: text(40).optional(),
  createTimeFrom: IsoTimeSchema.optional(),
  createTimeTo: IsoTimeSchema.optional(),
});
export type InvoicePage = z.infer<typeof InvoicePageSchema>;

export const InvoiceRowSchema = z.object({
  id: z.number().int(),
  kind: z.number().int().describe('InvoiceKind: 1 blue, 2 red'),
  blueId: z.number().int().nullable(),
  lineKind: z.string(),
  state: z.number().int().describe('InvoiceState 0-9'),
  source: z.string(),
  sourceId: z.number().int(),
  sourceNo: z.string(),
  buyerType: z.number().int(),
  buyerName: z.string(),
  buyerTaxId: z.string(),
  buyerEmail: z.string(),
  buyerPhone: z.string(),
  /** cents, tax included */
  amount: z.number().int(),
  tax: z.number().int(),
  code: z.string().nullable(),
  number: z.string().nullable(),
  taxInvoiceCode: z.string(),
  taxInvoiceNo: z.string(),
  issuedAt: z.string().nullable(),
  hasPdf: z.boolean(),
  failReason: z.string(),
  taxReport: z.number().int(),
  requestedBy: z.string(),
  createTime: z.string(),
  updateTime: z.string(),
});
export type InvoiceRowView = z.infer<typeof InvoiceRowSchema>;

export const InvoiceLineSchema = z.object({
  seq: z.number().int(),
  itemName: z.string(),
  taxCode: z.string(),
  quantity: z.number().int(),
  unitPrice: z.number().int(),
  amount: z.number().int(),
  rate: z.number().int(),
  tax: z.number().int(),
  property: z.number().int(),
  zeroRate: z.number().int(),
});

export const InvoiceDetailSchema = InvoiceRowSchema.extend({
  buyerAddress: z.string(),
  buyerBank: z.string(),
  remarks: z.string(),
  seller: z.record(z.string(), z.string()).nullable(),
  lines: z.array(InvoiceLineSchema),
  /** a blue invoice's red letters, a red one's blue */
  related: z.array(InvoiceRowSchema),
});
export type InvoiceDetail = z.infer<typeof InvoiceDetailSchema>;

export const InvoiceIdSchema = z.object({ id: IdSchema }).strict();
export const InvoiceVoidSchema = z.object({ id: IdSchema, reason: required(200) }).strict();
export const InvoiceRedSchema = z
  .object({
    id: IdSchema,
    /** cents to take back; left out: all the blue invoice has left */
    amount: z.coerce.number().int().positive().optional(),
    reason: required(200),
  })
  .strict();

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^1\d{10}$/;

/** The buyer of an invoice; a company gives its tax id, a special VAT invoice its address and bank too. */
export const InvoiceBuyerSchema = z
  .object({
    buyerType: dictCodeSchema(InvoiceBuyerType),
    buyerName: required(100),
    buyerTaxId: z
      .string()
      .trim()
      .toUpperCase()
      .refine((v) => v === '' || /^[0-9A-Z]{15,20}$/.test(v), { error: key('buyerTaxId') }),
    buyerAddress: text(200).default(''),
    buyerBank: text(150).default(''),
    buyerEmail: z
      .string()
      .trim()
      .max(100)
      .refine((v) => v === '' || EMAIL.test(v), { error: key('email') })
      .default(''),
    buyerPhone: z
      .string()
      .trim()
      .refine((v) => v === '' || PHONE.test(v), { error: key('mobile') })
      .default(''),
    lineKind: z.enum(INVOICE_LINE_KINDS).optional(),
    remarks: text(200).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.buyerType === 2 && !v.buyerTaxId)
      ctx.addIssue({ code: 'custom', message: key('required'), path: ['buyerTaxId'] });
    if (v.lineKind && SPECIAL_LINE_KINDS.includes(v.lineKind))
      for (const field of ['buyerTaxId', 'buyerAddress', 'buyerBank'] as const)
        if (!v[field])
          ctx.addIssue({ code: 'custom', message: key('requiredForSpecialInvoice'), path: [field] });
  });

const reissueFields = {
  buyerType: dictCodeSchema(InvoiceBuyerType),
  buyerName: required(100),
  buyerTaxId: InvoiceBuyerSchema.shape.buyerTaxId,
  buyerAddress: InvoiceBuyerSchema.shape.buyerAddress,
  buyerBank: InvoiceBuyerSchema.shape.buyerBank,
  buyerEmail: InvoiceBuyerSchema.shape.buyerEmail,
  buyerPhone: InvoiceBuyerSchema.shape.buyerPhone,
};
const companyTaxId = (v: { buyerType: number; buyerTaxId: string }, ctx: z.RefinementCtx) => {
  if (v.buyerType === 2 && !v.buyerTaxId)
    ctx.addIssue({ code: 'custom', message: key('required'), path: ['buyerTaxId'] });
};
/** The reissue dialog's form: the buyer's corrected details. */
export const InvoiceReissueBuyerSchema = z.object(reissueFields).strict().superRefine(companyTaxId);
/** V5 reissue: the same invoice (number, amount, lines) for the buyer's corrected details. */
export const InvoiceReissueSchema = z
  .object({ id: IdSchema, ...reissueFields })
  .strict()
  .superRefine(companyTaxId);
export type InvoiceReissueBody = z.infer<typeof InvoiceReissueSchema>;

/** The totals bar of the invoice list: over the whole filter (paging and sort ignored); red ones count negative. */
export const InvoiceTotalsSchema = z.object({
  count: z.number().int(),
  /** cents, tax included: blue minus red */
  amount: z.number().int(),
  tax: z.number().int(),
});
export type InvoiceTotals = z.infer<typeof InvoiceTotalsSchema>;

export const InvoiceRequestSchema = z
  .object({ source: z.enum(INVOICE_GOODS), sourceNo: required(40) })
  .and(InvoiceBuyerSchema);
export type InvoiceRequestBody = z.infer<typeof InvoiceRequestSchema>;

export const InvoiceRecordPageSchema = listQuerySchema(['createTime'], {
  invoiceId: IdSchema.optional(),
  /** the request number (series code + number) or the tax office's invoice number, in part */
  invoiceNo: text(40).optional(),
  action: z.enum(INVOICE_RECORD_ACTIONS).optional(),
  ok: z.coerce.boolean().optional(),
  createTimeFrom: IsoTimeSchema.optional(),
  createTimeTo: IsoTimeSchema.optional(),
});
export type InvoiceRecordPage = z.infer<typeof InvoiceRecordPageSchema>;

export const InvoiceRecordRowSchema = z.object({
  id: z.number().int(),
  /** null: a "test connection" of the settings */
  invoiceId: z.number().int().nullable(),
  invoiceNumber: z.string(),
  action: z.string(),
  provider: z.string(),
  ok: z.boolean(),
  method: z.string(),
  request: z.string(),
  answer: z.string(),
  message: z.string(),
  durationMs: z.number().int(),
  createTime: z.string(),
});
export type InvoiceRecordRow = z.infer<typeof InvoiceRecordRowSchema>;

/** Resend (an issued or reissued invoice): its SMS and e-mail queued again; how many were queued. */
export const InvoiceResendAnswerSchema = z.object({ queued: z.number().int() });
