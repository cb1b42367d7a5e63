import { z } from 'zod';
import { SHOP_INVOICE_KIND, SHOP_TAX_RATES, ShopInvoiceKind } from '../dict/shop-store.ts';
import { dictCodeSchema, endpoints } from './common.ts';
import { key, text, required } from './fields.ts';

/** /shop/storeInvoiceSet: the store's invoice settings (the issuer the invoice module prints). */
export const shopStoreInvoiceApi = endpoints('/web/api/admin/shop/storeInvoiceSet', ['query', 'save']);

// GB 32100-2015: 17 characters of the code's alphabet and a check character
const CREDIT_CODE_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const CREDIT_CODE_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];

/** A unified social credit code (统一社会信用代码): 18 characters with a valid check character. */
export function isCreditCode(code: string): boolean {
  if (!/^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/.test(code)) return false;
  const sum = CREDIT_CODE_WEIGHTS.reduce((acc, w, i) => acc + CREDIT_CODE_CHARS.indexOf(code[i]!) * w, 0);
  return CREDIT_CODE_CHARS[(31 - (sum % 31)) % 31] === code[17];
}

/** A seller's phone, bank and account as printed on an invoice (the store's and the invoice issuers'). */
export const sellerContactFields = {
  phone: z
    .string()
    .trim()
    .refine((v) => v === '' || /^[0-9+\-() ]{5,20}$/.test(v), { error: key('invoicePhone') }),
  bankName: text(100),
  bankAccount: z
    .string()
    .trim()
    .refine((v) => v === '' || /^\d{8,32}$/.test(v), { error: key('bankAccount') }),
};

export const ShopStoreInvoiceSaveSchema = z
  .object({
    issuerName: required(100),
    taxpayerId: z
      .string()
      .trim()
      .toUpperCase()
      .refine(isCreditCode, { error: key('creditCode') }),
    address: text(200),
    ...sellerContactFields,
    invoiceKinds: z
      .array(dictCodeSchema(ShopInvoiceKind))
      .max(2)
      .refine((list) => new Set(list).size === list.length, { error: key('noRepeat') }),
    itemName: required(60),
    taxCode: z
      .string()
      .trim()
      .regex(/^\d{19}$/, { error: key('taxCode') }),
    /** basis points: 1300 = 13 % */
    taxRate: z.coerce
      .number()
      .int()
      .refine((v) => (SHOP_TAX_RATES as readonly number[]).includes(v)),
    remarks: text(200),
    buyerMayRequest: z.boolean(),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.buyerMayRequest && v.invoiceKinds.length === 0)
      ctx.addIssue({ code: 'custom', message: key('invoiceKindRequired'), path: ['invoiceKinds'] });
    // a special VAT invoice prints the issuer's address, phone, bank and account
    if (v.invoiceKinds.includes(SHOP_INVOICE_KIND.special))
      for (const field of ['address', 'phone', 'bankName', 'bankAccount'] as const)
        if (!v[field])
          ctx.addIssue({ code: 'custom', message: key('requiredForSpecialInvoice'), path: [field] });
  });
export type ShopStoreInvoiceSave = z.infer<typeof ShopStoreInvoiceSaveSchema>;

export const ShopStoreInvoiceSchema = z.object({
  issuerName: z.string(),
  taxpayerId: z.string(),
  address: z.string(),
  phone: z.string(),
  bankName: z.string(),
  bankAccount: z.string(),
  invoiceKinds: z.array(z.number().int()),
  itemName: z.string(),
  taxCode: z.string(),
  taxRate: z.number().int(),
  remarks: z.string(),
  buyerMayRequest: z.boolean(),
  /** null: never saved (the defaults) */
  updateTime: z.string().nullable(),
});
export type ShopStoreInvoice = z.infer<typeof ShopStoreInvoiceSchema>;
