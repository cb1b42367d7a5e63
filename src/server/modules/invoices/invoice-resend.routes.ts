import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { InvoiceIdSchema, invoiceApi, InvoiceResendAnswerSchema } from '../../../shared/api/invoices.ts';
import { INVOICE_STATE } from '../../../shared/dict/invoices.ts';
import { perm } from '../../http/access.ts';
import { audited, registerAction } from '../../http/action.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { writeAudit } from '../audit/index.ts';
import { configureInvoiceMail, queueInvoiceMessages } from './invoice-messages.ts';
import { invoices } from './invoices.table.ts';

const SENDABLE: readonly number[] = [INVOICE_STATE.issued, INVOICE_STATE.reissued];

/**
 * The invoice's messages (docs/invoices.md "Settings, records and messages"): the mailer takes the
 * server's SMTP settings and object store here, and staff may send an issued invoice's SMS and
 * e-mail again (a new event each time, so the outbox never drops it as a duplicate).
 */
export async function invoiceResendRoutes(root: FastifyInstance) {
  const { config, uploadDir } = root.ctx;
  configureInvoiceMail({ url: config.smtp.url, from: config.smtp.from, uploadDir });

  registerAction(root, {
    url: invoiceApi.resend,
    access: perm('admin:invoice:issue'),
    tag: 'invoice',
    summary:
      "Resend: an issued or reissued invoice's SMS (template 9) and e-mail with the PDF queued again to the buyer",
    body: InvoiceIdSchema,
    response: InvoiceResendAnswerSchema,
    audit: { write: writeAudit, module: 'invoice', action: 'invoice.resend', targetType: 'invoice' },
    run: async (tx, { scenicId, id }) => {
      const [row] = await tx
        .select()
        .from(invoices)
        .where(and(eq(invoices.id, id), eq(invoices.scenicId, scenicId)))
        .for('update');
      if (!row) throw notFound('invoiceNotFound');
      if (!SENDABLE.includes(row.state) || !row.pdfKey) throw conflict('invoiceNotSendable');
      const queued = await queueInvoiceMessages(tx, row, `resend:${randomUUID()}`);
      if (!queued) throw conflict('invoiceNoRecipient');
      return audited({ queued }, { targetId: id, after: { queued } });
    },
  });
}
