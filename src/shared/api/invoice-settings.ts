import { z } from 'zod';
import {
  INVOICE_GOODS,
  INVOICE_LINE_KINDS,
  InvoiceIssuerKind,
  InvoiceIssuingMode,
  InvoiceProvider,
  InvoiceTestHint,
  type InvoiceTestHintCode,
  InvoiceZeroRate,
} from '../dict/invoices.ts';
import { dictCodeSchema, endpoints } from './common.ts';
import { key, required, text } from './fields.ts';
import { isCreditCode, sellerContactFields } from './shop-store.ts';

/**
 * /invoice/invoiceSetting: the acting area's issuers (docs/domain.md "E-invoices"): the area's
 * company and the shop, whose seller data is /shop/storeInvoiceSet's. The provider's secret is
 * answered only as set / not set.
 */
export const invoiceSettingApi = endpoints('/web/api/admin/invoice/setting', ['query', 'save', 'test']);

/** The write-only fields: answered only as set / not set. */
export const INVOICE_SECRET_FIELDS = ['appSecret', 'accessToken'] as const;

const taxCode = z
  .string()
  .trim()
  .regex(/^\d{19}$/, { error: key('taxCode') });

/** The tax rule of one kind of goods: item name, tax code, rate (basis points), zero-rate flag. */
export const InvoiceTaxRuleSchema = z
  .object({
    itemName: required(60),
    taxCode,
    rate: z.coerce.number().int().min(0).max(10_000),
    zeroRate: dictCodeSchema(InvoiceZeroRate),
  })
  .strict()
  .refine((r) => (r.zeroRate === 0) === r.rate > 0, {
    error: key('zeroRateMatchesRate'),
    path: ['zeroRate'],
  });
export type InvoiceTaxRuleInput = z.infer<typeof InvoiceTaxRuleSchema>;

const optionalCreditCode = z
  .string()
  .trim()
  .toUpperCase()
  .refine((v) => v === '' || isCreditCode(v), { error: key('creditCode') });

export const InvoiceIssuerSaveSchema = z
  .object({
    kind: dictCodeSchema(InvoiceIssuerKind),
    /** the area's company (kind 1; the shop's are its store settings) */
    name: text(100),
    taxId: optionalCreditCode,
    address: text(200),
    ...sellerContactFields,
    mode: dictCodeSchema(InvoiceIssuingMode),
    lineKind: z.enum(INVOICE_LINE_KINDS),
    taxRules: z.partialRecord(z.enum(INVOICE_GOODS), InvoiceTaxRuleSchema),
    /** the 12-digit invoice code of the issuer's number series */
    seriesCode: z
      .string()
      .trim()
      .regex(/^\d{12}$/, { error: key('invoiceCode') }),
    provider: z.enum(Object.keys(InvoiceProvider) as [keyof typeof InvoiceProvider]),
    providerUrl: z
      .string()
      .trim()
      .max(300)
      .refine((v) => v === '' || /^https?:\/\/[^\s/]+/.test(v), { error: key('httpUrl') }),
    appKey: text(64),
    /** Left out or empty: the stored secret is kept; `clear` names the ones to remove */
    appSecret: z.string().trim().max(128).optional(),
    accessToken: z.string().trim().max(256).optional(),
    clear: z.array(z.enum(INVOICE_SECRET_FIELDS)).max(2).optional(),
    enabled: z.boolean(),
    remarks: text(200),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.kind !== 1) return;
    // the area's company prints its own seller data
    if (!v.name) ctx.addIssue({ code: 'custom', message: key('required'), path: ['name'] });
    if (!v.taxId) ctx.addIssue({ code: 'custom', message: key('required'), path: ['taxId'] });
  });
export type InvoiceIssuerSave = z.infer<typeof InvoiceIssuerSaveSchema>;

export const InvoiceIssuerSchema = z.object({
  kind: z.number().int(),
  /** false: never saved (the form starts from defaults) */
  saved: z.boolean(),
  name: z.string(),
  taxId: z.string(),
  address: z.string(),
  phone: z.string(),
  bankName: z.string(),
  bankAccount: z.string(),
  mode: z.number().int(),
  lineKind: z.string(),
  taxRules: z.record(
    z.string(),
    z.object({ itemName: z.string(), taxCode: z.string(), rate: z.number(), zeroRate: z.number() }),
  ),
  seriesCode: z.string(),
  /** the next number the series gives */
  nextNo: z.number().int(),
  provider: z.string(),
  providerUrl: z.string(),
  appKey: z.string(),
  /** which secrets are stored: true set, false not set */
  secrets: z.object({ appSecret: z.boolean(), accessToken: z.boolean() }),
  enabled: z.boolean(),
  remarks: z.string(),
  updatedBy: z.string().nullable(),
  updateTime: z.string().nullable(),
});
export type InvoiceIssuerView = z.infer<typeof InvoiceIssuerSchema>;

export const InvoiceSettingsSchema = z.object({
  issuers: z.array(InvoiceIssuerSchema),
  /** the shop's seller data (/shop/storeInvoiceSet), null when the store has none saved */
  shopSeller: z
    .object({
      name: z.string(),
      taxId: z.string(),
      itemName: z.string(),
      taxCode: z.string(),
      rate: z.number(),
    })
    .nullable(),
});
export type InvoiceSettings = z.infer<typeof InvoiceSettingsSchema>;

export const InvoiceIssuerTestSchema = z.object({ kind: dictCodeSchema(InvoiceIssuerKind) }).strict();
export const InvoiceIssuerTestAnswerSchema = z.object({
  ok: z.boolean(),
  hint: z.enum(Object.keys(InvoiceTestHint) as [InvoiceTestHintCode, ...InvoiceTestHintCode[]]),
  /** the platform's code and words, '' when it was not asked */
  code: z.string(),
  providerMessage: z.string(),
});
export type InvoiceIssuerTestAnswer = z.infer<typeof InvoiceIssuerTestAnswerSchema>;
