import { and, eq, sql } from 'drizzle-orm';
import type {
  InvoiceIssuerSave,
  InvoiceIssuerView,
  InvoiceSettings,
} from '../../../shared/api/invoice-settings.ts';
import { INVOICE_ISSUER_KIND, type InvoiceIssuerKindCode } from '../../../shared/dict/invoices.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { admins } from '../accounts/index.ts';
import { open, sealedChange } from '../../lib/secret-box.ts';
import { invoiceIssuers, invoiceSeries, type InvoiceIssuer } from './invoices.table.ts';

/** The seller data of the shop's issuer: /shop/storeInvoiceSet (read here, entered there). */
export interface ShopSeller {
  name: string;
  taxId: string;
  address: string;
  phone: string;
  bankName: string;
  bankAccount: string;
  itemName: string;
  taxCode: string;
  rate: number;
}

export async function shopSellerOf(db: Db, scenicId: number): Promise<ShopSeller | null> {
  const [row] = await queryRows<{
    issuer_name: string;
    taxpayer_id: string;
    address: string;
    phone: string;
    bank_name: string;
    bank_account: string;
    item_name: string;
    tax_code: string;
    tax_rate: number;
  }>(db, sql`select * from shop_store_settings where scenic_id = ${scenicId}`);
  if (!row) return null;
  return {
    name: row.issuer_name,
    taxId: row.taxpayer_id,
    address: row.address,
    phone: row.phone,
    bankName: row.bank_name,
    bankAccount: row.bank_account,
    itemName: row.item_name,
    taxCode: row.tax_code,
    rate: Number(row.tax_rate),
  };
}

const PLAIN = [
  'name',
  'taxId',
  'address',
  'phone',
  'bankName',
  'bankAccount',
  'mode',
  'lineKind',
  'provider',
  'providerUrl',
  'appKey',
  'enabled',
  'remarks',
] as const;

/** What the form starts from before the first save of an issuer. */
const blank = (kind: InvoiceIssuerKindCode): InvoiceIssuerView => ({
  kind,
  saved: false,
  name: '',
  taxId: '',
  address: '',
  phone: '',
  bankName: '',
  bankAccount: '',
  mode: 2,
  lineKind: 'p',
  taxRules: {},
  seriesCode: '',
  nextNo: 1,
  provider: 'nuonuo',
  providerUrl: '',
  appKey: '',
  secrets: { appSecret: false, accessToken: false },
  enabled: false,
  remarks: '',
  updatedBy: null,
  updateTime: null,
});

/** The area's issuers as /invoice/invoiceSetting shows them (the secret only as set / not set). */
export async function invoiceSettingsOf(db: Db, scenicId: number): Promise<InvoiceSettings> {
  const rows = await db
    .select({
      issuer: invoiceIssuers,
      code: invoiceSeries.code,
      nextNo: invoiceSeries.nextNo,
      by: admins.username,
    })
    .from(invoiceIssuers)
    .leftJoin(invoiceSeries, eq(invoiceSeries.issuerId, invoiceIssuers.id))
    .leftJoin(admins, eq(admins.id, invoiceIssuers.updatedBy))
    .where(eq(invoiceIssuers.scenicId, scenicId));
  const issuers = ([INVOICE_ISSUER_KIND.area, INVOICE_ISSUER_KIND.shop] as const).map((kind) => {
    const found = rows.find((row) => row.issuer.kind === kind);
    if (!found) return blank(kind);
    const { issuer: r, code, nextNo, by } = found;
    return {
      kind,
      saved: true,
      ...Object.fromEntries(PLAIN.map((f) => [f, r[f]])),
      taxRules: r.taxRules,
      seriesCode: code ?? '',
      nextNo: nextNo ?? 1,
      secrets: { appSecret: Boolean(r.appSecretSealed), accessToken: Boolean(r.accessTokenSealed) },
      updatedBy: by,
      updateTime: r.updatedAt.toISOString(),
    } as InvoiceIssuerView;
  });
  const shop = await shopSellerOf(db, scenicId);
  return {
    issuers,
    shopSeller: shop && {
      name: shop.name,
      taxId: shop.taxId,
      itemName: shop.itemName,
      taxCode: shop.taxCode,
      rate: shop.rate,
    },
  };
}

/**
 * Saves one issuer and its series code (the next number never moves back: it belongs to the series).
 * Answers the row's id and the names of the changed fields (the audit keeps them, never the secret).
 */
export async function saveIssuer(tx: Db, scenicId: number, adminId: number, input: InvoiceIssuerSave) {
  const [before] = await tx
    .select()
    .from(invoiceIssuers)
    .where(and(eq(invoiceIssuers.scenicId, scenicId), eq(invoiceIssuers.kind, input.kind)))
    .for('update');
  const clear = new Set(input.clear ?? []);
  const secret = sealedChange(before?.appSecretSealed ?? '', input.appSecret, clear.has('appSecret'));
  const token = sealedChange(before?.accessTokenSealed ?? '', input.accessToken, clear.has('accessToken'));
  const changed: string[] = PLAIN.filter((f) => !before || before[f] !== input[f]);
  if (!before || JSON.stringify(before.taxRules) !== JSON.stringify(input.taxRules)) changed.push('taxRules');
  if (secret !== undefined) changed.push('appSecret');
  if (token !== undefined) changed.push('accessToken');
  const values = {
    ...Object.fromEntries(PLAIN.map((f) => [f, input[f]])),
    taxRules: input.taxRules,
    ...(secret !== undefined ? { appSecretSealed: secret } : {}),
    ...(token !== undefined ? { accessTokenSealed: token } : {}),
    updatedBy: adminId,
    updatedAt: new Date(),
  } as Partial<InvoiceIssuer>;
  const [row] = await tx
    .insert(invoiceIssuers)
    .values({ scenicId, kind: input.kind, ...values })
    .onConflictDoUpdate({ target: [invoiceIssuers.scenicId, invoiceIssuers.kind], set: values })
    .returning({ id: invoiceIssuers.id });
  const [series] = await tx
    .insert(invoiceSeries)
    .values({ issuerId: row!.id, code: input.seriesCode })
    .onConflictDoUpdate({
      target: invoiceSeries.issuerId,
      set: { code: input.seriesCode, updatedAt: new Date() },
      setWhere: sql`${invoiceSeries.code} <> ${input.seriesCode}`,
    })
    .returning({ code: invoiceSeries.code });
  if (series) changed.push('seriesCode');
  return { id: row!.id, changed: [...new Set(changed)] };
}

/** An issuer with its secret opened, for the provider client; null when the area has not saved it. */
export async function issuerWithSecret(
  db: Db,
  scenicId: number,
  kind: InvoiceIssuerKindCode,
): Promise<(InvoiceIssuer & { appSecret: string; accessToken: string }) | null> {
  const [row] = await db
    .select()
    .from(invoiceIssuers)
    .where(and(eq(invoiceIssuers.scenicId, scenicId), eq(invoiceIssuers.kind, kind)));
  if (!row) return null;
  const opened = (sealed: string) => (sealed ? (open(sealed) ?? '') : '');
  return { ...row, appSecret: opened(row.appSecretSealed), accessToken: opened(row.accessTokenSealed) };
}
