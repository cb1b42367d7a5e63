import { and, eq, inArray } from 'drizzle-orm';
import type { InvoiceReissueBody } from '../../../shared/api/invoices.ts';
import { INVOICE_KIND, SPECIAL_LINE_KINDS, type InvoiceLineKindCode } from '../../../shared/dict/invoices.ts';
import { invoiceMachine } from '../../../shared/domain/invoice-transitions.ts';
import type { Db } from '../../db/client.ts';
import { conflict, FieldError, notFound } from '../../http/errors.ts';
import { recordAudit, type AuditActor } from '../audit/index.ts';
import { invoicesMessages } from './invoices.messages.ts';
import { invoices, type InvoiceRow } from './invoices.table.ts';

const BUYER = [
  'buyerType',
  'buyerName',
  'buyerTaxId',
  'buyerAddress',
  'buyerBank',
  'buyerEmail',
  'buyerPhone',
] as const;

/**
 * V5 (1, 4, 5 → 3) in the caller's transaction: a blue invoice with no red letter is reissued for the
 * buyer's corrected details; its number, amount and lines stay (docs/invoices.md "The invoice list
 * and reissue"). The corrected details are written now, the old ones kept in the audit row; the
 * platform is asked after commit (sendIssue), its answer V6/V7.
 */
export async function startReissue(
  tx: Db,
  scenicId: number,
  body: Omit<InvoiceReissueBody, 'id'> & { id: number },
  actor: AuditActor,
): Promise<InvoiceRow> {
  const [found] = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, body.id), eq(invoices.scenicId, scenicId)))
    .for('update');
  if (!found) throw notFound('invoiceNotFound');
  // a special VAT invoice names the buyer's tax id, address and bank
  if (SPECIAL_LINE_KINDS.includes(found.lineKind as InvoiceLineKindCode))
    for (const field of ['buyerTaxId', 'buyerAddress', 'buyerBank'] as const)
      if (!body[field]) throw new FieldError(field, invoicesMessages.invoiceSpecialNeedsBuyer);
  const [red] = await tx
    .select({ id: invoices.id })
    .from(invoices)
    .where(eq(invoices.blueId, found.id))
    .limit(1);
  if (found.kind !== INVOICE_KIND.blue || red) throw conflict('invoiceNotReissuable');
  const buyer = Object.fromEntries(BUYER.map((k) => [k, body[k]])) as Pick<
    InvoiceRow,
    (typeof BUYER)[number]
  >;
  const [moved] = await tx
    .update(invoices)
    .set({ ...buyer, state: invoiceMachine.to('V5'), failReason: '', updatedAt: new Date() })
    .where(and(eq(invoices.id, found.id), inArray(invoices.state, invoiceMachine.from('V5'))))
    .returning();
  if (!moved) throw conflict('invoiceStateChanged');
  await recordAudit(tx, actor, {
    module: 'invoice',
    action: 'invoice.V5',
    targetType: 'invoice',
    targetId: found.id,
    before: Object.fromEntries(BUYER.map((k) => [k, found[k]])),
    after: { state: moved.state, ...buyer },
  });
  return moved;
}
