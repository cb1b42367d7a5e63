import { eq, sql } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Attachment } from 'nodemailer/lib/mailer/index.js';
import { INVOICE_KIND } from '../../../shared/dict/invoices.ts';
import { formatCents } from '../../../shared/money.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import {
  queueChannelMessage,
  queueMessage,
  type Delivery,
  type MessageKind,
  type OutboxChannel,
  type OutboxMessageRow,
} from '../messaging/index.ts';
import { readFile } from '../storage/index.ts';
import { invoices, type InvoiceRow } from './invoices.table.ts';

/** The outbox channel of an invoice's e-mail (1 is SMS, 2 the mini-program's subscription messages). */
export const INVOICE_MAIL_CHANNEL = 3;
const TEMPLATE = 9;

/** SMS template 9 (spec §9 "invoice"), queued when an invoice is issued (V3) or reissued (V6), and on resend. */
export const invoiceIssuedKind: MessageKind = {
  template: TEMPLATE,
  variables: [
    { name: 'area', sample: '青山湖风景区' },
    { name: 'invoiceNo', sample: '25532000000012345678' },
    { name: 'amount', sample: '200.00' },
  ],
  text: '【${area}】您的电子发票${invoiceNo}已开具，价税合计${amount}元，PDF 已发送至您的邮箱。',
};

/** Where the e-mail goes out (SMTP_URL, SMTP_FROM) and where the PDFs are kept; set at start. */
const mail = { url: '', from: 'invoice@localhost', uploadDir: '' };
let transport: Transporter | null = null;

export function configureInvoiceMail(next: Partial<typeof mail>): void {
  Object.assign(mail, next);
  transport = null;
}

/**
 * Queues the invoice's SMS (template 9, to the buyer's phone) and its e-mail with the PDF (to the
 * buyer's e-mail), in the caller's transaction. `event` names what caused them (`V3`, `V6`,
 * `resend:<uuid>`): the same event queues each once (the outbox's unique event key).
 * Answers how many were queued.
 */
export async function queueInvoiceMessages(tx: Db, row: InvoiceRow, event: string): Promise<number> {
  const [area] = await queryRows<{ name: string }>(
    tx,
    sql`select name from scenic_areas where id = ${row.scenicId}`,
  );
  const invoiceNo = row.taxInvoiceNo || `${row.code ?? ''}${row.number ?? ''}`;
  const variables = {
    area: area?.name ?? '',
    invoiceNo,
    amount: formatCents(row.kind === INVOICE_KIND.red ? -row.amount : row.amount),
  };
  // one key per channel: the outbox keeps one message per event key
  const eventKey = `invoice:${row.id}:${event}`;
  const ref = `${row.code ?? ''}${row.number ?? ''}`;
  let queued = 0;
  if (
    await queueMessage(tx, {
      scenicId: row.scenicId,
      template: TEMPLATE,
      phone: row.buyerPhone,
      variables,
      eventKey: `${eventKey}:sms`,
      ref,
    })
  )
    queued++;
  if (
    row.buyerEmail &&
    (await queueChannelMessage(tx, {
      scenicId: row.scenicId,
      channel: INVOICE_MAIL_CHANNEL,
      template: TEMPLATE,
      recipient: row.buyerEmail,
      variables: { ...variables, invoiceId: String(row.id) },
      eventKey: `${eventKey}:mail`,
      ref,
    }))
  )
    queued++;
  return queued;
}

const answer = (code: string, message: string, retry: boolean, messageId = '') => ({
  code,
  message,
  messageId,
  retry,
});

/** The PDF as an attachment: read from the object store (or its public address). */
async function pdfOf(db: Db, pdfKey: string, name: string): Promise<Attachment | null> {
  const file = pdfKey ? await readFile(db, mail.uploadDir, pdfKey) : null;
  if (!file) return null;
  if ('redirect' in file) return { filename: name, href: file.redirect, contentType: 'application/pdf' };
  return { filename: name, content: file.object.body, contentType: 'application/pdf' };
}

/** Sends one claimed invoice e-mail through SMTP_URL; a refused or unreachable server is retried by the outbox. */
export async function deliverInvoiceMail(db: Db, message: OutboxMessageRow): Promise<Delivery> {
  const v = message.variables;
  const subject = `【${v.area ?? ''}】电子发票 ${v.invoiceNo ?? ''}`;
  const text = `您好，您的电子发票 ${v.invoiceNo ?? ''} 已开具，价税合计 ${v.amount ?? ''} 元，PDF 见附件。`;
  const done = (a: Delivery['answer']): Delivery => ({ answer: a, platform: null, text: subject });
  if (!mail.url) return done(answer('CONFIG', 'SMTP_URL is not set', false));
  const [row] = await db
    .select({ pdfKey: invoices.pdfKey })
    .from(invoices)
    .where(eq(invoices.id, Number(v.invoiceId)));
  const pdf = row ? await pdfOf(db, row.pdfKey, `${v.invoiceNo ?? 'invoice'}.pdf`) : null;
  if (!pdf) return done(answer('NOPDF', 'the invoice has no PDF', false));
  transport ??= nodemailer.createTransport(mail.url);
  try {
    const sent = await transport.sendMail({
      from: mail.from,
      to: message.recipient,
      subject,
      text,
      attachments: [pdf],
    });
    return done(answer('0', String(sent.response ?? ''), false, String(sent.messageId ?? '')));
  } catch (error) {
    const err = error as { responseCode?: number; code?: string; message: string };
    // 5xx: the server refused the message for good; anything else (4xx, connection) is tried again
    const permanent = (err.responseCode ?? 0) >= 500;
    return done(
      answer(String(err.responseCode ?? err.code ?? 'SMTP'), err.message.slice(0, 200), !permanent),
    );
  }
}

export const invoiceMailChannel: OutboxChannel = {
  channel: INVOICE_MAIL_CHANNEL,
  deliver: (db, message) => deliverInvoiceMail(db, message),
};
