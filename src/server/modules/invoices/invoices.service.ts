import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  INVOICE_KIND,
  INVOICE_STATE,
  type InvoiceGoodsCode,
  type InvoiceLineKindCode,
  type InvoiceStateCode,
} from '../../../shared/dict/invoices.ts';
import { INVOICE_STANDING, invoiceMachine } from '../../../shared/domain/invoice-transitions.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { recordAudit, type AuditActor } from '../audit/index.ts';
import { shopSellerOf } from './invoice-issuers.service.ts';
import { invoiceLines, redLines, type InvoiceLine, type SourceItem } from './invoice-lines.ts';
import { invoiceSource, issuerKindOf, type InvoiceSource } from './invoice-sources.ts';
import {
  invoiceIssuers,
  invoiceLines as invoiceLineRows,
  invoices,
  invoiceSeries,
  type InvoiceIssuer,
  type InvoiceRow,
} from './invoices.table.ts';

export interface InvoiceBuyer {
  buyerType: number;
  buyerName: string;
  buyerTaxId: string;
  buyerAddress: string;
  buyerBank: string;
  buyerEmail: string;
  buyerPhone: string;
}

export interface InvoiceRequest extends InvoiceBuyer {
  source: InvoiceGoodsCode;
  sourceNo: string;
  lineKind?: InvoiceLineKindCode | undefined;
  remarks?: string | undefined;
}

/** Who asks: a member or a channel only for their own records; staff and refunds for any of the area. */
export type Requester =
  | { by: 'member'; memberId: number }
  | { by: 'channel'; clientId: string }
  | { by: 'staff' }
  | { by: 'refund' };

const audit = (actor: AuditActor, action: string, id: number, after: unknown) =>
  ({ actor, entry: { module: 'invoice', action, targetType: 'invoice', targetId: id, after } }) as const;

async function issuerOf(db: Db, scenicId: number, source: InvoiceGoodsCode): Promise<InvoiceIssuer> {
  const [issuer] = await db
    .select()
    .from(invoiceIssuers)
    .where(and(eq(invoiceIssuers.scenicId, scenicId), eq(invoiceIssuers.kind, issuerKindOf(source))));
  if (!issuer?.enabled) throw conflict('invoiceIssuerMissing');
  return issuer;
}

/** The source's items under the issuer's tax rule (the shop's: its store settings' single item). */
async function itemsOf(db: Db, issuer: InvoiceIssuer, src: InvoiceSource): Promise<SourceItem[]> {
  if (src.kind === 'shop') {
    const shop = await shopSellerOf(db, src.scenicId);
    if (!shop) throw conflict('invoiceTaxRuleMissing');
    const zeroRate = shop.rate ? 0 : 1;
    return src.items.map((i) => ({
      itemName: `${shop.itemName}`.slice(0, 60),
      taxCode: shop.taxCode,
      rate: shop.rate,
      zeroRate,
      quantity: i.quantity,
      unitPrice: i.unitPrice,
    }));
  }
  const rule = issuer.taxRules[src.kind];
  if (!rule) throw conflict('invoiceTaxRuleMissing');
  return src.items.map((i) => ({
    itemName: rule.itemName,
    taxCode: rule.taxCode,
    rate: rule.rate,
    zeroRate: rule.zeroRate,
    quantity: i.quantity,
    unitPrice: i.unitPrice,
  }));
}

const totals = (lines: readonly InvoiceLine[]) => ({
  amount: lines.reduce((s, l) => s + l.amount, 0),
  tax: lines.reduce((s, l) => s + l.tax, 0),
});

async function writeLines(tx: Db, invoiceId: number, lines: readonly InvoiceLine[]): Promise<void> {
  await tx.delete(invoiceLineRows).where(eq(invoiceLineRows.invoiceId, invoiceId));
  await tx.insert(invoiceLineRows).values(lines.map((l) => ({ ...l, invoiceId })));
}

/** Whether the requester may ask for this source's invoice, or read its invoices (404 otherwise: not theirs). */
export function mayAsk(src: InvoiceSource, who: Requester): boolean {
  if (who.by === 'member') return src.memberId === who.memberId;
  if (who.by === 'channel') return src.clientId === who.clientId;
  return true;
}

/**
 * V1: a blue invoice requested for what the source paid and did not get back, with its lines from
 * the issuer's tax rules. One live blue invoice per source (409 `invoiceExists`).
 */
export async function requestInvoice(
  tx: Db,
  scenicId: number,
  input: InvoiceRequest,
  who: Requester,
  actor: AuditActor,
): Promise<number> {
  const src = await invoiceSource(tx, scenicId, input.source, { no: input.sourceNo });
  if (!src || !mayAsk(src, who)) throw notFound('invoiceSourceNotFound');
  const issuer = await issuerOf(tx, scenicId, input.source);
  const lines = invoiceLines(await itemsOf(tx, issuer, src), src.left);
  if (!lines) throw conflict('invoiceNothingLeft');
  const { amount, tax } = totals(lines);
  const [row] = await tx
    .insert(invoices)
    .values({
      scenicId,
      issuerId: issuer.id,
      kind: INVOICE_KIND.blue,
      lineKind: input.lineKind ?? issuer.lineKind,
      state: INVOICE_STATE.notIssued,
      source: input.source,
      sourceId: src.id,
      sourceNo: src.no,
      buyerType: input.buyerType,
      buyerName: input.buyerName,
      buyerTaxId: input.buyerTaxId,
      buyerAddress: input.buyerAddress,
      buyerBank: input.buyerBank,
      buyerEmail: input.buyerEmail,
      buyerPhone: input.buyerPhone,
      amount,
      tax,
      remarks: input.remarks ?? '',
      requestedBy: who.by,
    })
    .onConflictDoNothing()
    .returning({ id: invoices.id });
  if (!row) throw conflict('invoiceExists');
  await writeLines(tx, row.id, lines);
  const a = audit(actor, 'invoice.request', row.id, { source: input.source, sourceNo: src.no, amount });
  await recordAudit(tx, a.actor, a.entry);
  return row.id;
}

async function linesOf(db: Db, invoiceId: number): Promise<InvoiceLine[]> {
  const rows = await db
    .select()
    .from(invoiceLineRows)
    .where(eq(invoiceLineRows.invoiceId, invoiceId))
    .orderBy(invoiceLineRows.seq);
  // without the rows' own ids: a red letter of the whole blue one writes these lines again
  return rows.map(({ id: _id, invoiceId: _invoice, ...r }) => ({
    ...r,
    property: r.property as 0 | 1 | 2,
    zeroRate: r.zeroRate as 0 | 1 | 2 | 3,
  }));
}

/** What a blue invoice's reds take back (every red counts: an issued one, or one on its way). */
async function takenBack(db: Db, blueId: number): Promise<number> {
  const [row] = await queryRows<{ taken: number }>(
    db,
    sql`select coalesce(sum(amount), 0)::int as taken from invoices where blue_id = ${blueId}`,
  );
  return Number(row?.taken ?? 0);
}

/**
 * A red-letter invoice taking back `amount` (all of what is left when not given) of an issued blue
 * invoice: the blue locked, a red of a red refused, never more than the blue has left.
 */
export async function requestRed(
  tx: Db,
  scenicId: number,
  blueId: number,
  amount: number | null,
  requestedBy: 'staff' | 'refund',
  actor: AuditActor,
): Promise<number> {
  const [blue] = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, blueId), eq(invoices.scenicId, scenicId)))
    .for('update');
  if (!blue) throw notFound('invoiceNotFound');
  if (blue.kind !== INVOICE_KIND.blue) throw conflict('invoiceRedOfRed');
  if (!INVOICE_STANDING.includes(blue.state as InvoiceStateCode)) throw conflict('invoiceNotStanding');
  const left = blue.amount - (await takenBack(tx, blue.id));
  const take = amount ?? left;
  const lines = take <= left ? redLines(await linesOf(tx, blue.id), blue.amount, take) : null;
  if (!lines) throw conflict('invoiceRedExceedsBlue', { left: (left / 100).toFixed(2) });
  const totalsOf = totals(lines);
  const { id: _id, createdAt: _c, updatedAt: _u, ...copy } = blue;
  const [row] = await tx
    .insert(invoices)
    .values({
      ...copy,
      kind: INVOICE_KIND.red,
      blueId: blue.id,
      state: INVOICE_STATE.notIssued,
      ...totalsOf,
      code: null,
      number: null,
      providerSerial: null,
      taxInvoiceCode: '',
      taxInvoiceNo: '',
      issuedAt: null,
      pdfKey: '',
      failReason: '',
      taxReport: 0,
      requestedBy,
    })
    .returning({ id: invoices.id });
  await writeLines(tx, row!.id, lines);
  const a = audit(actor, 'invoice.red', row!.id, { blueId: blue.id, amount: totalsOf.amount });
  await recordAudit(tx, a.actor, a.entry);
  return row!.id;
}

const exists = async (db: Db, scenicId: number, id: number) =>
  (
    await db
      .select({ id: invoices.id })
      .from(invoices)
      .where(and(eq(invoices.id, id), eq(invoices.scenicId, scenicId)))
  ).length > 0;

/** The seller printed on an invoice, taken when it is first issued. */
async function sellerOf(db: Db, issuer: InvoiceIssuer): Promise<Record<string, string>> {
  if (issuer.kind === 1)
    return {
      name: issuer.name,
      taxId: issuer.taxId,
      address: issuer.address,
      phone: issuer.phone,
      bankName: issuer.bankName,
      bankAccount: issuer.bankAccount,
    };
  const shop = await shopSellerOf(db, issuer.scenicId);
  if (!shop) throw conflict('invoiceTaxRuleMissing');
  const { itemName: _i, taxCode: _t, rate: _r, ...seller } = shop;
  return seller;
}

/**
 * V2 (0 or 2 → 9) in the caller's transaction: the invoice's number taken from its issuer's series
 * the first time (kept on a retry), a blue one's lines made again from what its source has left
 * (a refund may have come since the request; nothing left: 409). The provider is asked after commit.
 */
export async function startIssue(
  tx: Db,
  scenicId: number,
  invoiceId: number,
  actor: AuditActor,
): Promise<InvoiceRow> {
  const [moved] = await tx
    .update(invoices)
    .set({ state: INVOICE_STATE.issuing, failReason: '', updatedAt: new Date() })
    .where(
      and(
        eq(invoices.id, invoiceId),
        eq(invoices.scenicId, scenicId),
        inArray(invoices.state, invoiceMachine.from('V2')),
      ),
    )
    .returning();
  if (!moved)
    throw (await exists(tx, scenicId, invoiceId))
      ? conflict('invoiceStateChanged')
      : notFound('invoiceNotFound');
  const [issuer] = await tx.select().from(invoiceIssuers).where(eq(invoiceIssuers.id, moved.issuerId));
  const patch: Partial<InvoiceRow> = {};
  if (moved.kind === INVOICE_KIND.blue) {
    const src = await invoiceSource(tx, scenicId, moved.source, { id: moved.sourceId });
    const lines = src && invoiceLines(await itemsOf(tx, issuer!, src), src.left);
    if (!lines) throw conflict('invoiceNothingLeft');
    if (totals(lines).amount !== moved.amount) {
      await writeLines(tx, moved.id, lines);
      Object.assign(patch, totals(lines));
    }
  }
  if (moved.number == null) {
    const [taken] = await tx
      .update(invoiceSeries)
      .set({ nextNo: sql`${invoiceSeries.nextNo} + 1`, updatedAt: new Date() })
      .where(eq(invoiceSeries.issuerId, moved.issuerId))
      .returning({ code: invoiceSeries.code, no: sql<number>`${invoiceSeries.nextNo} - 1` });
    if (!taken) throw conflict('invoiceIssuerMissing');
    Object.assign(patch, {
      code: taken.code,
      number: String(taken.no).padStart(8, '0'),
      seller: await sellerOf(tx, issuer!),
    });
  }
  const [row] = Object.keys(patch).length
    ? await tx.update(invoices).set(patch).where(eq(invoices.id, moved.id)).returning()
    : [moved];
  const a = audit(actor, 'invoice.issue', moved.id, {
    code: row!.code,
    number: row!.number,
    amount: row!.amount,
  });
  await recordAudit(tx, a.actor, a.entry);
  return row!;
}
