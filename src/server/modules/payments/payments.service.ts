import crypto from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import {
  ONLINE_PAY_WAYS,
  SECRET_FIELDS,
  UNAVAILABLE_PAY_WAYS,
  type PaymentSetting,
  type PaymentSettings,
  type PaymentSettingUpdate,
  type SecretField,
} from '../../../shared/api/payments.ts';
import type { PaymentTestResult } from '../../../shared/api/payments.ts';
import { PaymentReason } from '../../../shared/dict/payments.ts';
import { PayWay } from '../../../shared/dict/order.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { AppError, FieldError } from '../../http/errors.ts';
import { open, seal } from '../../lib/secret-box.ts';
import type { PayAdapter, PaySettings } from './adapters/adapter.ts';
import { payAdapter } from './pay-adapters.ts';
import { paymentSettings, type PaymentSettingRow } from './payments.table.ts';

/** The row's column of each secret field. */
const SEALED = {
  apiKey: 'apiKeySealed',
  privateKey: 'privateKeySealed',
  certificate: 'certificateSealed',
  providerKey: 'providerKeySealed',
} as const satisfies Record<SecretField, keyof PaymentSettingRow>;

const PLAIN_FIELDS = [
  'enabled',
  'sandbox',
  'merchantId',
  'appId',
  'gatewayUrl',
  'certSerial',
  'providerKeySerial',
] as const;

/** Where a provider posts the notifications of an area's pay way (the notify route: issue 30). */
export const notifyUrlOf = (publicUrl: string, scenicId: number, payWay: number) =>
  `${publicUrl}/api/pay/notify/${scenicId}/${payWay}`;

async function rowOf(db: Db, scenicId: number, payWay: number): Promise<PaymentSettingRow | undefined> {
  const [row] = await db
    .select()
    .from(paymentSettings)
    .where(and(eq(paymentSettings.scenicId, scenicId), eq(paymentSettings.payWay, payWay)));
  return row;
}

/** The area's settings as the screen shows them: secrets only as set / not set. */
export async function paymentSettingsOf(
  db: Db,
  scenicId: number,
  publicUrl: string,
): Promise<PaymentSettings> {
  const rows = await queryRows<{ pay_way: number; name: string }>(
    db,
    sql`select p.pay_way, a.username as name from payment_settings p join admins a on a.id = p.updated_by
        where p.scenic_id = ${scenicId}`,
  );
  const names = new Map(rows.map((r) => [Number(r.pay_way), r.name]));
  const stored = await db.select().from(paymentSettings).where(eq(paymentSettings.scenicId, scenicId));
  const ways = ONLINE_PAY_WAYS.map((payWay): PaymentSetting => {
    const row = stored.find((r) => r.payWay === payWay);
    return {
      payWay,
      enabled: row?.enabled ?? false,
      sandbox: row?.sandbox ?? true,
      merchantId: row?.merchantId ?? '',
      appId: row?.appId ?? '',
      gatewayUrl: row?.gatewayUrl ?? '',
      certSerial: row?.certSerial ?? '',
      providerKeySerial: row?.providerKeySerial ?? '',
      secrets: {
        apiKey: Boolean(row?.apiKeySealed),
        privateKey: Boolean(row?.privateKeySealed),
        certificate: Boolean(row?.certificateSealed),
        providerKey: Boolean(row?.providerKeySealed),
      },
      notifyUrl: notifyUrlOf(publicUrl, scenicId, payWay),
      adapter: payAdapter(payWay) !== undefined,
      updatedBy: names.get(payWay) ?? null,
      updateTime: row && row.updatedBy != null ? row.updatedAt.toISOString() : null,
    };
  });
  return { ways, unavailable: [...UNAVAILABLE_PAY_WAYS] };
}

/** A PEM that node:crypto parses, or a FieldError naming the field. */
function checkPem(field: Exclude<SecretField, 'apiKey'>, value: string): void {
  try {
    if (field === 'privateKey') crypto.createPrivateKey(value);
    else if (field === 'certificate') new crypto.X509Certificate(value);
    // a public key, or the platform certificate it is in
    else crypto.createPublicKey(value);
  } catch {
    throw new FieldError(field, PaymentReason[field]);
  }
}

/**
 * Saves one pay way's block: a secret left empty keeps the stored one, `clear` removes it. Checks
 * every PEM before anything is written. Answers the names of the fields that changed (the audit
 * row keeps them, never their values) and the row's id.
 */
export async function savePaymentSetting(
  tx: Db,
  scenicId: number,
  adminId: number,
  input: PaymentSettingUpdate,
): Promise<{ id: number; changed: string[] }> {
  const given = Object.fromEntries(
    SECRET_FIELDS.map((f) => [f, input[f]?.trim() ?? '']).filter(([, v]) => v !== ''),
  ) as Partial<Record<SecretField, string>>;
  for (const field of ['privateKey', 'certificate', 'providerKey'] as const) {
    const value = given[field];
    if (value !== undefined) checkPem(field, value);
  }
  // spec: the APIv3 key decrypts notifications with AES-256-GCM, a 32-byte key
  if (input.payWay === 2 && given.apiKey !== undefined && Buffer.byteLength(given.apiKey) !== 32)
    throw new FieldError('apiKey', PaymentReason.apiKey);

  const before = await rowOf(tx, scenicId, input.payWay);
  const changed: string[] = PLAIN_FIELDS.filter((f) => (before ? before[f] !== input[f] : true));
  const sealedValues: Partial<Record<(typeof SEALED)[SecretField], string>> = {};
  for (const field of SECRET_FIELDS) {
    const value = given[field];
    const stored = before?.[SEALED[field]] ?? '';
    if (value !== undefined) {
      if (open(stored) === value) continue;
      sealedValues[SEALED[field]] = seal(value);
      changed.push(field);
    } else if (input.clear?.includes(field) && stored !== '') {
      sealedValues[SEALED[field]] = '';
      changed.push(field);
    }
  }
  const values = {
    ...Object.fromEntries(PLAIN_FIELDS.map((f) => [f, input[f]])),
    ...sealedValues,
    updatedBy: adminId,
    updatedAt: new Date(),
  };
  if (before) {
    if (changed.length) await tx.update(paymentSettings).set(values).where(eq(paymentSettings.id, before.id));
    return { id: before.id, changed };
  }
  const [row] = await tx
    .insert(paymentSettings)
    .values({ scenicId, payWay: input.payWay, ...values })
    .returning({ id: paymentSettings.id });
  return { id: row!.id, changed };
}

/**
 * An area's settings of one pay way with its secrets opened (in memory only), as the adapters take
 * them; null when the pay way was never saved. A secret no key opens reads as not set.
 */
export async function paySettingsOf(
  db: Db,
  scenicId: number,
  payWay: number,
  publicUrl: string,
): Promise<(PaySettings & { id: number; enabled: boolean }) | null> {
  const row = await rowOf(db, scenicId, payWay);
  if (!row) return null;
  return {
    id: row.id,
    enabled: row.enabled,
    merchantId: row.merchantId,
    appId: row.appId,
    gatewayUrl: row.gatewayUrl,
    notifyUrl: notifyUrlOf(publicUrl, scenicId, payWay),
    sandbox: row.sandbox,
    apiKey: open(row.apiKeySealed),
    certSerial: row.certSerial || null,
    privateKey: open(row.privateKeySealed),
    certificate: open(row.certificateSealed),
    providerKey: open(row.providerKeySealed),
    providerKeySerial: row.providerKeySerial || null,
  };
}

/** Runs the adapter's signed, harmless query; an answer that quotes a secret has it masked. */
export async function testPayConnection(settings: PaySettings, payWay: number): Promise<PaymentTestResult> {
  const adapter = payAdapter(payWay)!;
  let answer: PaymentTestResult;
  try {
    answer = await adapter.testConnection(settings);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    answer = { ok: false, hint: null, code: 'ERROR', providerMessage: message };
  }
  // the provider's words may quote what was sent: never a secret in the answer
  let providerMessage = answer.providerMessage;
  for (const secret of [settings.apiKey, settings.privateKey, settings.certificate])
    if (secret) providerMessage = providerMessage.split(secret).join('***');
  return { ...answer, providerMessage: providerMessage.slice(0, 1000) };
}

/** The adapter and the area's opened settings of an enabled online pay way; 409 when not enabled. */
export async function enabledWay(
  db: Db,
  scenicId: number,
  payWay: number,
  publicUrl: string,
): Promise<{ adapter: PayAdapter; settings: PaySettings }> {
  const adapter = payAdapter(payWay);
  const settings = adapter && (await paySettingsOf(db, scenicId, payWay, publicUrl));
  if (!adapter || !settings?.enabled)
    throw new AppError(409, 'payWayNotEnabled', { params: { payWay: PayWay[payWay as 2]?.zh ?? payWay } });
  return { adapter, settings };
}
