import { z } from 'zod';
import { endpoints } from './common.ts';
import { required } from './fields.ts';
import { InvoiceBuyerSchema } from './invoices.ts';

/**
 * Buyers ask for their own invoices (issue 33, docs/invoices.md "Buyers' requests"): a member through
 * the member API for what they bought in the mini-program, a sales channel through the selling API
 * for the orders it placed. A request is V1 for the order's paid and not refunded amount; an issuer
 * in automatic mode issues it within the job's round, a manual one when staff press issue.
 */
export const invoiceMemberApi = endpoints('/api/member/invoice', ['request', 'query', 'list']);
export const invoiceOpenApi = endpoints('/api/open/invoice', ['request', 'query']);

/** What a buyer may ask an invoice for: their ticket, shop and travel card orders (settlements are staff's). */
export const BUYER_INVOICE_SOURCES = ['ticket', 'shop', 'card'] as const;

export const BuyerInvoiceOrderSchema = z
  .object({ source: z.enum(BUYER_INVOICE_SOURCES), orderNo: required(40) })
  .strict();
export type BuyerInvoiceOrder = z.infer<typeof BuyerInvoiceOrderSchema>;

export const BuyerInvoiceRequestSchema = z
  .object({ source: z.enum(BUYER_INVOICE_SOURCES), orderNo: required(40) })
  .and(InvoiceBuyerSchema);

/** An invoice as its buyer sees it: no seller snapshot, lines or platform details. */
export const BuyerInvoiceSchema = z.object({
  id: z.number().int(),
  kind: z.number().int().describe('InvoiceKind: 1 blue, 2 red'),
  state: z.number().int().describe('InvoiceState 0-9'),
  source: z.string(),
  orderNo: z.string(),
  lineKind: z.string(),
  buyerType: z.number().int(),
  buyerName: z.string(),
  buyerTaxId: z.string(),
  buyerEmail: z.string(),
  /** cents, tax included */
  amount: z.number().int(),
  tax: z.number().int(),
  taxInvoiceCode: z.string(),
  taxInvoiceNo: z.string(),
  issuedAt: z.string().nullable(),
  /** the issued document (a path of this server), null until issued */
  pdfUrl: z.string().nullable(),
  failReason: z.string(),
  createTime: z.string(),
});
export type BuyerInvoice = z.infer<typeof BuyerInvoiceSchema>;
