import { and, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  invoiceRecordApi,
  InvoiceRecordPageSchema,
  InvoiceRecordRowSchema,
  type InvoiceRecordPage,
  type InvoiceRecordRow,
} from '../../../shared/api/invoices.ts';
import { InvoiceRecordField, InvoiceText } from '../../../shared/dict/invoices.ts';
import type { Db } from '../../db/client.ts';
import type { ExportColumn } from '../../http/export.ts';
import { registerListResource } from '../../http/list-resource.ts';
import { likeContains } from '../../http/paging.ts';
import { invoiceRecords, invoices } from './invoices.table.ts';

type Stored = typeof invoiceRecords.$inferSelect;

const where = (scenicId: number, q: InvoiceRecordPage) =>
  and(
    eq(invoiceRecords.scenicId, scenicId),
    q.invoiceId ? eq(invoiceRecords.invoiceId, q.invoiceId) : undefined,
    q.invoiceNo
      ? sql`${invoiceRecords.invoiceId} in (select ${invoices.id} from ${invoices} where ${and(
          eq(invoices.scenicId, scenicId),
          or(
            ilike(
              sql`coalesce(${invoices.code}, '') || coalesce(${invoices.number}, '')`,
              likeContains(q.invoiceNo),
            ),
            ilike(invoices.taxInvoiceNo, likeContains(q.invoiceNo)),
          ),
        )})`
      : undefined,
    q.action ? eq(invoiceRecords.action, q.action) : undefined,
    q.ok === undefined ? undefined : eq(invoiceRecords.ok, q.ok),
    q.createTimeFrom ? sql`${invoiceRecords.createdAt} >= ${q.createTimeFrom}` : undefined,
    q.createTimeTo ? sql`${invoiceRecords.createdAt} <= ${q.createTimeTo}` : undefined,
  );

/** The records with their invoice's request number; request and answer as JSON text (no secret is ever in them). */
async function rows(db: Db, records: readonly Stored[]): Promise<InvoiceRecordRow[]> {
  const ids = [...new Set(records.flatMap((r) => (r.invoiceId === null ? [] : [r.invoiceId])))];
  const numbers = ids.length
    ? await db
        .select({ id: invoices.id, code: invoices.code, number: invoices.number })
        .from(invoices)
        .where(
          sql`${invoices.id} in (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )})`,
        )
    : [];
  const byId = new Map(numbers.map((n) => [n.id, n.number ? `${n.code}${n.number}` : '']));
  return records.map((r) => ({
    id: r.id,
    invoiceId: r.invoiceId,
    invoiceNumber: (r.invoiceId !== null && byId.get(r.invoiceId)) || '',
    action: r.action,
    provider: r.provider,
    ok: r.ok,
    method: String(r.request.method ?? ''),
    request: JSON.stringify(r.request.content ?? r.request),
    answer: r.answer ? JSON.stringify(r.answer) : '',
    message: r.message,
    durationMs: r.durationMs,
    createTime: r.createdAt.toISOString(),
  }));
}

const EXPORT: ExportColumn<InvoiceRecordRow>[] = [
  { header: InvoiceRecordField.createTime, value: (r) => r.createTime, kind: 'datetime', width: 20 },
  { header: InvoiceRecordField.invoiceNumber, value: (r) => r.invoiceNumber, kind: 'text', width: 22 },
  { header: InvoiceRecordField.action, value: (r) => r.action },
  { header: InvoiceRecordField.method, value: (r) => r.method, width: 36 },
  { header: InvoiceRecordField.ok, value: (r) => (r.ok ? 'OK' : '×') },
  { header: InvoiceRecordField.message, value: (r) => r.message, width: 40 },
  { header: InvoiceRecordField.durationMs, value: (r) => r.durationMs },
  { header: InvoiceRecordField.request, value: (r) => r.request, width: 60 },
  { header: InvoiceRecordField.answer, value: (r) => r.answer, width: 60 },
];

/** /invoice/invoiceRecord: every request made to the platform and its answer (append-only). */
export async function invoiceRecordRoutes(root: FastifyInstance) {
  registerListResource(root, {
    tag: 'invoice',
    api: { page: invoiceRecordApi.page, export: invoiceRecordApi.export },
    perms: { page: 'admin:invoice:record:query' },
    table: invoiceRecords,
    where,
    sort: { createTime: invoiceRecords.createdAt },
    order: [desc(invoiceRecords.createdAt), desc(invoiceRecords.id)],
    rowSchema: InvoiceRecordRowSchema,
    rows: (records, { db }) => rows(db, records),
    page: {
      summary: 'Requests to the invoicing platform and its answers, newest first',
      body: InvoiceRecordPageSchema,
    },
    export: {
      summary: 'The records of the filter as .xlsx',
      fileName: InvoiceText.exportRecords,
      columns: EXPORT,
    },
  });
}
