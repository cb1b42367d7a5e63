import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { INVOICE_KIND, INVOICE_STATE, type InvoiceStateCode } from '../../../shared/dict/invoices.ts';
import { invoiceMachine, type InvoiceTransitionId } from '../../../shared/domain/invoice-transitions.ts';
import type { Db } from '../../db/client.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { EgressError, egressRequest } from '../../lib/egress.ts';
import { recordAudit, SYSTEM, type AuditActor } from '../audit/index.ts';
import { putFile } from '../storage/index.ts';
import { issuerWithSecret } from './invoice-issuers.service.ts';
import type { InvoiceLine } from './invoice-lines.ts';
import { queueInvoiceMessages } from './invoice-messages.ts';
import { credentialsOf } from './invoice-provider.ts';
import { invoiceLines as lineRows, invoiceRecords, invoices, type InvoiceRow } from './invoices.table.ts';
import {
  NUONUO_METHOD,
  NUONUO_OK,
  nuonuoCall,
  type NuonuoAnswer,
  type NuonuoCredentials,
} from './nuonuo.client.ts';

/** Nuonuo's result states of a request (queryInvoiceResult `status`): done, still working, failed. */
const DONE = new Set(['2']);
const WORKING = new Set(['1', '20', '21', '24']);

const yuan = (cents: number) => (cents / 100).toFixed(2);
const rateText = (bp: number) => String(bp / 10_000);

/** Our request number at the platform: the series code and number (20 digits: Nuonuo's orderNo). */
export const orderNoOf = (row: Pick<InvoiceRow, 'code' | 'number'>) => `${row.code}${row.number}`;

/** requestBillingNew's `order` for an invoice: the buyer, the seller printed, the lines (a red one names its blue). */
export function billingContent(row: InvoiceRow, lines: readonly InvoiceLine[], blue: InvoiceRow | null) {
  const seller = row.seller ?? {};
  return {
    order: {
      orderNo: orderNoOf(row),
      invoiceDate: new Date().toISOString().replace('T', ' ').slice(0, 19),
      invoiceType: String(row.kind),
      invoiceLine: row.lineKind,
      buyerName: row.buyerName,
      buyerTaxNum: row.buyerTaxId,
      buyerAddress: row.buyerAddress,
      buyerAccount: row.buyerBank,
      buyerPhone: row.buyerPhone,
      email: row.buyerEmail,
      salerTaxNum: seller.taxId ?? '',
      salerTel: seller.phone ?? '',
      salerAddress: seller.address ?? '',
      salerAccount: [seller.bankName, seller.bankAccount].filter(Boolean).join(' '),
      remark: row.remarks,
      pushMode: '-1',
      ...(blue ? { invoiceCode: blue.taxInvoiceCode, invoiceNum: blue.taxInvoiceNo } : {}),
      invoiceDetail: lines.map((l) => ({
        goodsName: l.itemName,
        goodsCode: l.taxCode,
        num: String(row.kind === INVOICE_KIND.red ? -l.quantity : l.quantity),
        price: yuan(Math.abs(l.unitPrice)),
        withTaxFlag: '1',
        taxRate: rateText(l.rate),
        tax: yuan(row.kind === INVOICE_KIND.red ? -l.tax : l.tax),
        taxIncludedAmount: yuan(row.kind === INVOICE_KIND.red ? -l.amount : l.amount),
        invoiceLineProperty: String(l.property),
        zeroRateFlag: l.zeroRate ? String(l.zeroRate) : '',
      })),
    },
  };
}

/** One call to the platform, written to invoice_records with the request (no secret) and the answer. */
async function recorded(
  db: Db,
  row: InvoiceRow,
  action: string,
  credentials: NuonuoCredentials,
  method: string,
  content: Record<string, unknown>,
): Promise<NuonuoAnswer | null> {
  const started = Date.now();
  let answer: NuonuoAnswer | null = null;
  let message: string;
  try {
    answer = await nuonuoCall(credentials, method, content);
    message = `${answer.code} ${answer.describe}`.trim();
  } catch (err) {
    if (!(err instanceof EgressError)) throw err;
    message = `EGRESS ${err.message}`;
  }
  await db.insert(invoiceRecords).values({
    scenicId: row.scenicId,
    invoiceId: row.id,
    action,
    provider: 'nuonuo',
    ok: answer?.code === NUONUO_OK,
    request: { method, content },
    answer: answer ? { ...answer } : null,
    message: message.slice(0, 500),
    durationMs: Date.now() - started,
  });
  return answer;
}

/** The platform credentials of an invoice's issuer (or what is missing), and the jobs' actor. */
async function platformOf(db: Db, row: InvoiceRow) {
  const issuer = await issuerWithSecret(db, row.scenicId, row.source === 'shop' ? 2 : 1);
  return {
    credentials: await credentialsOf(db, issuer),
    actor: { username: SYSTEM, scenicId: row.scenicId },
  };
}

/** One compare-and-set move of the answer (V3/V4, V6/V7, V9/V10) with its audit row. */
async function move(
  db: Db,
  row: InvoiceRow,
  id: InvoiceTransitionId,
  set: Partial<InvoiceRow>,
  actor: AuditActor,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [moved] = await tx
      .update(invoices)
      .set({ ...set, state: invoiceMachine.to(id), updatedAt: new Date() })
      .where(and(eq(invoices.id, row.id), inArray(invoices.state, invoiceMachine.from(id))))
      .returning();
    if (!moved) return false;
    await recordAudit(tx, actor, {
      module: 'invoice',
      action: `invoice.${id}`,
      targetType: 'invoice',
      targetId: row.id,
      after: { state: invoiceMachine.to(id), ...(set.failReason ? { reason: set.failReason } : {}) },
    });
    // issued or reissued: the SMS (template 9) and the e-mail with the PDF, through the outbox
    // (docs/invoices.md "Settings, records and messages"); a reissue may happen again, V3 once
    if (id === 'V3') await queueInvoiceMessages(tx, moved, id);
    if (id === 'V6') await queueInvoiceMessages(tx, moved, `${id}:${moved.updatedAt.getTime()}`);
    return true;
  });
}

/** The platform's invoice document fetched and kept in the object store; its key (null: not fetched now). */
async function keepPdf(db: Db, uploadDir: string, pdfUrl: string): Promise<string | null> {
  let res;
  try {
    res = await egressRequest(pdfUrl, { maxBytes: 5 * 1024 * 1024 });
  } catch (err) {
    if (err instanceof EgressError) return null;
    throw err;
  }
  if (res.status !== 200) return null;
  const key = `invoices/${randomUUID()}.pdf`;
  await putFile(db, uploadDir, key, res.body, 'application/pdf');
  return key;
}

interface QueryItem {
  status?: string;
  failCause?: string;
  statusMsg?: string;
  invoiceCode?: string;
  invoiceNo?: string;
  pdfUrl?: string;
  invoiceTime?: string | number;
}

/** The answer's moves of a request: issuing (9) → V3/V4, reissuing (3) → V6/V7. */
const edgesOf = (row: InvoiceRow) =>
  row.state === INVOICE_STATE.reissuing
    ? ({ done: 'V6', failed: 'V7', action: 'reissue' } as const)
    : ({ done: 'V3', failed: 'V4', action: 'issue' } as const);

/**
 * Asks the platform how the request of an issuing invoice (9, or 3 reissuing) ended and records it:
 * done → V3 (V6) with the tax office's code and number and the PDF kept; failed → V4 (V7) with its
 * words; still working or unreachable → it stays (the job asks again). Answers the state it is in after.
 */
export async function settleIssuing(db: Db, uploadDir: string, row: InvoiceRow): Promise<InvoiceStateCode> {
  const edges = edgesOf(row);
  const { credentials, actor } = await platformOf(db, row);
  if (typeof credentials === 'string') return row.state as InvoiceStateCode;
  const answer = await recorded(db, row, 'query', credentials, NUONUO_METHOD.query, {
    orderNos: [orderNoOf(row)],
    isOfferInvoiceDetail: '0',
  });
  const item = answer?.code === NUONUO_OK ? ((answer.result as QueryItem[] | undefined)?.[0] ?? null) : null;
  if (!item?.status || WORKING.has(item.status)) return row.state as InvoiceStateCode;
  if (!DONE.has(item.status)) {
    const reason = (item.failCause || item.statusMsg || item.status).slice(0, 300);
    return (await move(db, row, edges.failed, { failReason: reason }, actor))
      ? invoiceMachine.to(edges.failed)
      : (row.state as InvoiceStateCode);
  }
  const pdfKey = item.pdfUrl ? await keepPdf(db, uploadDir, item.pdfUrl) : '';
  // not fetched now: asked again later, the document with it
  if (pdfKey === null) return row.state as InvoiceStateCode;
  const done = await move(
    db,
    row,
    edges.done,
    {
      taxInvoiceCode: item.invoiceCode ?? '',
      taxInvoiceNo: item.invoiceNo ?? '',
      pdfKey,
      issuedAt: new Date(),
    },
    actor,
  );
  return done ? invoiceMachine.to(edges.done) : (row.state as InvoiceStateCode);
}

/**
 * Sends an invoice moved to 9 (V2, committed) to the platform, then asks how it ended. A refusal
 * of the request itself is V4 at once; an unreachable platform leaves it 9 for the job. An invoice
 * moved to 3 (V5, reissue) is sent the same way (the same orderNo, the buyer corrected: the
 * platform's correction, docs/invoices.md "The invoice list and reissue"), its answer V6/V7.
 */
export async function sendIssue(db: Db, uploadDir: string, row: InvoiceRow): Promise<InvoiceStateCode> {
  const edges = edgesOf(row);
  const { credentials, actor } = await platformOf(db, row);
  if (typeof credentials === 'string') {
    await move(db, row, edges.failed, { failReason: `CONFIG ${credentials}` }, actor);
    return invoiceMachine.to(edges.failed);
  }
  const lines = await db.select().from(lineRows).where(eq(lineRows.invoiceId, row.id)).orderBy(lineRows.seq);
  const [blue] = row.blueId ? await db.select().from(invoices).where(eq(invoices.id, row.blueId)) : [];
  const content = billingContent(row, lines as InvoiceLine[], blue ?? null);
  const answer = await recorded(db, row, edges.action, credentials, NUONUO_METHOD.issue, content);
  if (!answer) return row.state as InvoiceStateCode;
  if (answer.code !== NUONUO_OK) {
    const ok = await move(
      db,
      row,
      edges.failed,
      { failReason: `${answer.code} ${answer.describe}`.slice(0, 300) },
      actor,
    );
    return ok ? invoiceMachine.to(edges.failed) : (row.state as InvoiceStateCode);
  }
  const serial = (answer.result as { invoiceSerialNum?: string } | undefined)?.invoiceSerialNum ?? null;
  if (serial) await db.update(invoices).set({ providerSerial: serial }).where(eq(invoices.id, row.id));
  return settleIssuing(db, uploadDir, { ...row, providerSerial: serial });
}

/** China's month of a moment (voiding is allowed in the month of issue only). */
const chinaMonth = (at: Date) => new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 7);

/**
 * V8 (→ 6) in the caller's transaction: a blue invoice of this month, not reported, with no red
 * letter. The platform is asked after commit (sendVoid); its answer is the second compare-and-set.
 */
export async function startVoid(
  tx: Db,
  scenicId: number,
  invoiceId: number,
  reason: string,
  actor: AuditActor,
  now = new Date(),
): Promise<InvoiceRow> {
  const [found] = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, invoiceId), eq(invoices.scenicId, scenicId)))
    .for('update');
  if (!found) throw notFound('invoiceNotFound');
  const [red] = await tx
    .select({ id: invoices.id })
    .from(invoices)
    .where(eq(invoices.blueId, found.id))
    .limit(1);
  if (found.kind !== INVOICE_KIND.blue || red || found.taxReport !== 0) throw conflict('invoiceNotVoidable');
  if (!found.issuedAt || chinaMonth(found.issuedAt) !== chinaMonth(now)) throw conflict('invoiceNotVoidable');
  const [moved] = await tx
    .update(invoices)
    .set({ state: invoiceMachine.to('V8'), failReason: '', updatedAt: now })
    .where(and(eq(invoices.id, found.id), inArray(invoices.state, invoiceMachine.from('V8'))))
    .returning();
  if (!moved) throw conflict('invoiceStateChanged');
  await recordAudit(tx, actor, {
    module: 'invoice',
    action: 'invoice.V8',
    targetType: 'invoice',
    targetId: found.id,
    after: { state: moved.state, reason },
  });
  return moved;
}

/** Asks the platform to void an invoice that is voiding (6): done → V9, refused → V10, unreachable → stays 6. */
export async function sendVoid(db: Db, row: InvoiceRow): Promise<InvoiceStateCode> {
  const { credentials, actor } = await platformOf(db, row);
  if (typeof credentials === 'string') {
    await move(db, row, 'V10', { failReason: `CONFIG ${credentials}` }, actor);
    return INVOICE_STATE.voidFailed;
  }
  const answer = await recorded(db, row, 'void', credentials, NUONUO_METHOD.void, {
    invoiceId: row.providerSerial ?? '',
    invoiceCode: row.taxInvoiceCode,
    invoiceNo: row.taxInvoiceNo,
  });
  if (!answer) return INVOICE_STATE.voiding;
  if (answer.code === NUONUO_OK)
    return (await move(db, row, 'V9', {}, actor)) ? INVOICE_STATE.voided : INVOICE_STATE.voiding;
  const reason = `${answer.code} ${answer.describe}`.slice(0, 300);
  return (await move(db, row, 'V10', { failReason: reason }, actor))
    ? INVOICE_STATE.voidFailed
    : INVOICE_STATE.voiding;
}
