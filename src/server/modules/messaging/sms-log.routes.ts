import { and, eq, gte, isNull, lte } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { smsApi, SmsLogPageSchema, SmsLogRowSchema, SmsResendSchema } from '../../../shared/api/messaging.ts';
import type { SmsLogPage, SmsLogRow } from '../../../shared/api/messaging.ts';
import { maskPhone } from '../../../shared/api/reservations.ts';
import { dictLabel } from '../../../shared/dict/dict.ts';
import { MessageStatus, SmsField, SmsPlatform, SmsTemplate, SmsUse } from '../../../shared/dict/messaging.ts';
import { fillMessage } from '../../../shared/message-text.ts';
import type { Db } from '../../db/client.ts';
import { perm } from '../../http/access.ts';
import { audited, registerAction } from '../../http/action.ts';
import { AppError } from '../../http/errors.ts';
import type { ExportColumn } from '../../http/export.ts';
import { registerListResource } from '../../http/list-resource.ts';
import { writeAudit } from '../audit/index.ts';
import { outboxLog, outboxMessages, smsTemplates, type OutboxMessageRow } from './messaging.table.ts';

const EXPORT: ExportColumn<SmsLogRow>[] = [
  { header: SmsField.createTime, value: (r) => r.createTime, kind: 'datetime', width: 20 },
  { header: SmsField.phone, value: (r) => r.phone, width: 14 },
  { header: SmsField.template, value: (r, lang) => dictLabel(SmsTemplate, r.template, lang), width: 16 },
  { header: SmsField.use, value: (r, lang) => dictLabel(SmsUse, r.use, lang) },
  {
    header: SmsField.platform,
    value: (r, lang) => (r.platform == null ? '' : dictLabel(SmsPlatform, r.platform, lang)),
    width: 16,
  },
  { header: SmsField.text, value: (r) => r.text, width: 50 },
  { header: SmsField.status, value: (r, lang) => dictLabel(MessageStatus, r.status, lang) },
  { header: SmsField.result, value: (r) => r.result },
  { header: SmsField.resultMessage, value: (r) => r.resultMessage, width: 30 },
  { header: SmsField.providerMessageId, value: (r) => r.providerMessageId, width: 24 },
  { header: SmsField.attempts, value: (r) => String(r.attempts) },
  { header: SmsField.sentAt, value: (r) => r.sentAt, kind: 'datetime', width: 20 },
];

const where = (scenicId: number, q: SmsLogPage) =>
  and(
    eq(outboxMessages.scenicId, scenicId),
    eq(outboxMessages.channel, 1),
    q.phone ? eq(outboxMessages.recipient, q.phone) : undefined,
    q.template ? eq(outboxMessages.template, q.template) : undefined,
    q.status != null ? eq(outboxMessages.status, q.status) : undefined,
    q.platform != null ? eq(outboxMessages.platform, q.platform) : undefined,
    q.result ? eq(outboxMessages.result, q.result) : undefined,
    q.ref ? eq(outboxMessages.ref, q.ref) : undefined,
    q.createTimeFrom ? gte(outboxMessages.createdAt, new Date(q.createTimeFrom)) : undefined,
    q.createTimeTo ? lte(outboxMessages.createdAt, new Date(q.createTimeTo)) : undefined,
  );

/** A verification code is never shown, in the variables or in the text. */
function hideCode(r: OutboxMessageRow, text: string) {
  const code = r.template === 1 ? r.variables.code : undefined;
  if (!code) return { variables: r.variables, text };
  return { variables: { ...r.variables, code: '******' }, text: text.split(code).join('******') };
}

/**
 * The log's rows: the phone masked, a verification code hidden; a message not sent yet shows the
 * text its template would give.
 */
async function rowsOf(db: Db, records: OutboxMessageRow[]): Promise<SmsLogRow[]> {
  const pending = records.filter((r) => r.text === '');
  const templates = pending.length
    ? await db.select().from(smsTemplates).where(eq(smsTemplates.scenicId, pending[0]!.scenicId))
    : [];
  return records.map((r) => ({
    id: r.id,
    phone: maskPhone(r.recipient),
    template: r.template,
    use: r.use,
    platform: r.platform,
    ...hideCode(
      r,
      r.text || fillMessage(templates.find((t) => t.template === r.template)?.content ?? '', r.variables),
    ),
    status: r.status,
    result: r.result,
    resultMessage: r.resultMessage,
    providerMessageId: r.providerMessageId,
    attempts: r.attempts,
    ref: r.ref,
    resendOf: r.resendOf,
    resent: r.resentAs != null,
    createTime: r.createdAt.toISOString(),
    sentAt: r.sentAt?.toISOString() ?? null,
    nextAttemptAt: r.status === 0 ? r.nextAttemptAt.toISOString() : null,
  }));
}

/**
 * Queues a failed message again as a new message of the log (the failure stays as it was), once:
 * compare-and-set on the failed row's `resent_as`.
 */
async function resend(tx: Db, scenicId: number, id: number): Promise<OutboxMessageRow> {
  const [failed] = await tx
    .select()
    .from(outboxMessages)
    .where(
      and(eq(outboxMessages.id, id), eq(outboxMessages.scenicId, scenicId), eq(outboxMessages.channel, 1)),
    );
  if (!failed) throw new AppError(404, 'smsMessageNotFound');
  const [copy] = await tx
    .insert(outboxMessages)
    .values({
      scenicId,
      channel: failed.channel,
      template: failed.template,
      use: failed.use,
      recipient: failed.recipient,
      variables: failed.variables,
      eventKey: `resend:${failed.id}`,
      ref: failed.ref,
      resendOf: failed.id,
    })
    .onConflictDoNothing({ target: [outboxMessages.scenicId, outboxMessages.eventKey] })
    .returning();
  const marked =
    copy &&
    (await tx
      .update(outboxMessages)
      .set({ resentAs: copy.id })
      .where(
        and(eq(outboxMessages.id, failed.id), eq(outboxMessages.status, 3), isNull(outboxMessages.resentAs)),
      )
      .returning({ id: outboxMessages.id }));
  if (!copy || !marked?.length) throw new AppError(409, 'smsNotResendable');
  return copy;
}

/** docs/product.md §2 /sys/smsDetailPage (issue 31): the send log and the resend of a failed message. */
export async function smsLogRoutes(root: FastifyInstance) {
  const { db } = root.ctx;

  registerListResource(root, {
    tag: 'sys',
    api: { page: smsApi.page, export: smsApi.export },
    perms: { page: 'admin:sms:query' },
    ...outboxLog,
    where,
    rowSchema: SmsLogRowSchema,
    rows: (records) => rowsOf(db, records),
    page: { summary: 'The send log, newest first; phones masked', body: SmsLogPageSchema },
    export: {
      summary: 'The send log of the current filter as .xlsx (phones masked)',
      fileName: SmsField.exportName,
      columns: EXPORT,
    },
  });

  registerAction(root, {
    url: smsApi.resend,
    access: perm('admin:sms:resend'),
    tag: 'sys',
    summary: 'Queues a failed message again, once; the failure stays in the log',
    body: SmsResendSchema,
    response: SmsLogRowSchema,
    audit: { write: writeAudit, module: 'setting', action: 'sms.resend', targetType: 'smsMessage' },
    run: async (tx, { scenicId, id }) => {
      const copy = await resend(tx, scenicId, id);
      const [row] = await rowsOf(tx, [copy]);
      return audited(row!, { targetId: id, after: { resentAs: copy.id } });
    },
  });
}
