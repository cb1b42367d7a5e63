import type { InvoiceIssuerTestAnswer } from '../../../shared/api/invoice-settings.ts';
import { INVOICE_ISSUER_KIND } from '../../../shared/dict/invoices.ts';
import type { Db } from '../../db/client.ts';
import { EgressError } from '../../lib/egress.ts';
import { shopSellerOf } from './invoice-issuers.service.ts';
import { invoiceRecords, type InvoiceIssuer } from './invoices.table.ts';
import { NUONUO_METHOD, NUONUO_OK, nuonuoCall, type NuonuoCredentials } from './nuonuo.client.ts';

export type OpenedIssuer = InvoiceIssuer & { appSecret: string; accessToken: string };

/** The seller's tax id an issuer signs with: its own, or the shop's store settings'. */
export async function sellerTaxId(db: Db, issuer: OpenedIssuer): Promise<string> {
  if (issuer.kind === INVOICE_ISSUER_KIND.area) return issuer.taxId;
  return (await shopSellerOf(db, issuer.scenicId))?.taxId ?? '';
}

/** The platform credentials of a saved issuer, or the hint saying what is missing. */
export async function credentialsOf(
  db: Db,
  issuer: OpenedIssuer | null,
): Promise<NuonuoCredentials | 'notSaved' | 'credentialsMissing' | 'sellerMissing'> {
  if (!issuer) return 'notSaved';
  if (!issuer.appKey || !issuer.appSecret || !issuer.accessToken) return 'credentialsMissing';
  const userTax = await sellerTaxId(db, issuer);
  if (!userTax) return 'sellerMissing';
  return {
    baseUrl: issuer.providerUrl,
    appKey: issuer.appKey,
    appSecret: issuer.appSecret,
    accessToken: issuer.accessToken,
    userTax,
  };
}

/**
 * "Test connection": a signed query for a serial no invoice has (harmless), with the saved key,
 * secret, token and tax id. Any answer of the platform other than a refusal of the caller counts.
 */
export async function testInvoiceProvider(
  db: Db,
  issuer: OpenedIssuer | null,
): Promise<InvoiceIssuerTestAnswer> {
  const credentials = await credentialsOf(db, issuer);
  if (!issuer || typeof credentials === 'string')
    return {
      ok: false,
      hint: typeof credentials === 'string' ? credentials : 'notSaved',
      code: '',
      providerMessage: '',
    };
  const content = { serialNos: ['0'], isOfferInvoiceDetail: '0' };
  const started = Date.now();
  let result: InvoiceIssuerTestAnswer;
  let answer: Record<string, unknown> | null = null;
  try {
    const got = await nuonuoCall(credentials, NUONUO_METHOD.query, content);
    answer = { ...got };
    const ok = got.code === NUONUO_OK;
    result = { ok, hint: ok ? 'connected' : 'refused', code: got.code, providerMessage: got.describe };
  } catch (err) {
    if (!(err instanceof EgressError)) throw err;
    result = { ok: false, hint: 'unreachable', code: 'EGRESS', providerMessage: err.message };
  }
  // listed on /invoice/invoiceRecord like every other call (no invoice; never a secret)
  await db.insert(invoiceRecords).values({
    scenicId: issuer.scenicId,
    invoiceId: null,
    action: 'test',
    provider: issuer.provider,
    ok: result.ok,
    request: { method: NUONUO_METHOD.query, content },
    answer,
    message: `${result.code} ${result.providerMessage}`.trim().slice(0, 500),
    durationMs: Date.now() - started,
  });
  return result;
}
