import { and, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  invoiceApi,
  InvoiceDetailSchema,
  InvoiceIdSchema,
  InvoicePageSchema,
  InvoiceRedSchema,
  InvoiceReissueSchema,
  InvoiceRequestSchema,
  InvoiceRowSchema,
  InvoiceTotalsSchema,
  InvoiceVoidSchema,
  type InvoicePage,
  type InvoiceRowView,
} from '../../../shared/api/invoices.ts';
import { envelopeSchema } from '../../../shared/api/common.ts';
import { dictLabel } from '../../../shared/dict/dict.ts';
import {
  InvoiceField,
  InvoiceGoods,
  InvoiceKind,
  InvoiceState,
  InvoiceText,
} from '../../../shared/dict/invoices.ts';
import type { Db } from '../../db/client.ts';
import { perm, scenicScope } from '../../http/access.ts';
import { audited, registerAction } from '../../http/action.ts';
import { ok } from '../../http/envelope.ts';
import { notFound } from '../../http/errors.ts';
import type { ExportColumn } from '../../http/export.ts';
import { registerListResource } from '../../http/list-resource.ts';
import { likeContains } from '../../http/paging.ts';
import { actorOfRequest, writeAudit } from '../audit/index.ts';
import { sendIssue, sendVoid, startVoid } from './invoice-issuing.ts';
import { startReissue } from './invoice-reissue.ts';
import { requestInvoice, requestRed, startIssue } from './invoices.service.ts';
import { invoiceLines, invoices, type InvoiceRow } from './invoices.table.ts';

const QUERY = 'admin:invoice:query';
const ISSUE = 'admin:invoice:issue';
const iso = (d: Date | null) => d?.toISOString() ?? null;
const audit = (action: string) =>
  ({ write: writeAudit, module: 'invoice', action, targetType: 'invoice' }) as const;

export const invoiceRow = (r: InvoiceRow): InvoiceRowView => ({
  id: r.id,
  kind: r.kind,
  blueId: r.blueId,
  lineKind: r.lineKind,
  state: r.state,
  source: r.source,
  sourceId: r.sourceId,
  sourceNo: r.sourceNo,
  buyerType: r.buyerType,
  buyerName: r.buyerName,
  buyerTaxId: r.buyerTaxId,
  buyerEmail: r.buyerEmail,
  buyerPhone: r.buyerPhone,
  amount: r.amount,
  tax: r.tax,
  code: r.code,
  number: r.number,
  taxInvoiceCode: r.taxInvoiceCode,
  taxInvoiceNo: r.taxInvoiceNo,
  issuedAt: iso(r.issuedAt),
  hasPdf: r.pdfKey !== '',
  failReason: r.failReason,
  taxReport: r.taxReport,
  requestedBy: r.requestedBy,
  createTime: r.createdAt.toISOString(),
  updateTime: r.updatedAt.toISOString(),
});

const where = (scenicId: number, q: InvoicePage): SQL | undefined => {
  const like = q.keyword ? likeContains(q.keyword) : null;
  return and(
    eq(invoices.scenicId, scenicId),
    q.state === undefined ? undefined : eq(invoices.state, q.state),
    q.kind ? eq(invoices.kind, q.kind) : undefined,
    q.source ? eq(invoices.source, q.source) : undefined,
    q.lineKind ? eq(invoices.lineKind, q.lineKind) : undefined,
    like
      ? or(
          sql`${invoices.code} || ${invoices.number} like ${like}`,
          ilike(invoices.taxInvoiceNo, like),
          ilike(invoices.sourceNo, like),
          ilike(invoices.buyerName, like),
        )
      : undefined,
    q.sourceNo ? ilike(invoices.sourceNo, likeContains(q.sourceNo)) : undefined,
    q.buyer
      ? or(
          ilike(invoices.buyerName, likeContains(q.buyer)),
          ilike(invoices.buyerTaxId, likeContains(q.buyer)),
          ilike(invoices.buyerEmail, likeContains(q.buyer)),
          ilike(invoices.buyerPhone, likeContains(q.buyer)),
        )
      : undefined,
    q.number
      ? or(
          sql`${invoices.code} || ${invoices.number} like ${likeContains(q.number)}`,
          ilike(invoices.taxInvoiceNo, likeContains(q.number)),
        )
      : undefined,
    q.createTimeFrom ? sql`${invoices.createdAt} >= ${q.createTimeFrom}` : undefined,
    q.createTimeTo ? sql`${invoices.createdAt} <= ${q.createTimeTo}` : undefined,
  );
};

const money = (cents: number) => (cents / 100).toFixed(2);
const EXPORT: ExportColumn<InvoiceRowView>[] = [
  {
    header: InvoiceField.series,
    value: (r) => (r.number ? `${r.code}${r.number}` : ''),
    kind: 'text',
    width: 22,
  },
  { header: InvoiceField.taxInvoiceNo, value: (r) => r.taxInvoiceNo, kind: 'text', width: 12 },
  { header: InvoiceField.kind, value: (r, lang) => dictLabel(InvoiceKind, r.kind, lang) },
  { header: InvoiceField.state, value: (r, lang) => dictLabel(InvoiceState, r.state, lang) },
  { header: InvoiceField.source, value: (r, lang) => dictLabel(InvoiceGoods, r.source, lang) },
  { header: InvoiceField.sourceNo, value: (r) => r.sourceNo, kind: 'text', width: 24 },
  { header: InvoiceField.buyerName, value: (r) => r.buyerName, width: 24 },
  { header: InvoiceField.buyerTaxId, value: (r) => r.buyerTaxId, kind: 'text', width: 22 },
  { header: InvoiceField.amount, value: (r) => money(r.amount) },
  { header: InvoiceField.tax, value: (r) => money(r.tax) },
  { header: InvoiceField.issuedAt, value: (r) => r.issuedAt, kind: 'datetime', width: 20 },
  { header: InvoiceField.createTime, value: (r) => r.createTime, kind: 'datetime', width: 20 },
];

/** A blue invoice's red letters, or a red one's blue; and the lines. */
async function detailOf(db: Db, r: InvoiceRow) {
  const [lines, related] = await Promise.all([
    db.select().from(invoiceLines).where(eq(invoiceLines.invoiceId, r.id)).orderBy(invoiceLines.seq),
    db
      .select()
      .from(invoices)
      .where(r.blueId ? eq(invoices.id, r.blueId) : eq(invoices.blueId, r.id))
      .orderBy(invoices.id),
  ]);
  return {
    ...invoiceRow(r),
    buyerAddress: r.buyerAddress,
    buyerBank: r.buyerBank,
    remarks: r.remarks,
    seller: r.seller,
    lines: lines.map(({ id: _id, invoiceId: _i, ...l }) => l),
    related: related.map(invoiceRow),
  };
}

async function detailById(db: Db, scenicId: number, id: number) {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, id), eq(invoices.scenicId, scenicId)));
  if (!row) throw notFound('invoiceNotFound');
  return detailOf(db, row);
}

/** After a committed move: the invoice sent to the platform, answered as it stands then. */
async function sent(db: Db, scenicId: number, id: number, send: (row: InvoiceRow) => Promise<unknown>) {
  const [row] = await db.select().from(invoices).where(eq(invoices.id, id));
  await send(row!);
  return detailById(db, scenicId, id);
}

/** The totals bar of /invoice/invoiceList: count, amount and tax of the list's filter. */
function totalsRoute(root: FastifyInstance) {
  // hand-registered: a read (the sums of the list's filter), not a list resource
  root.withTypeProvider<ZodTypeProvider>().post(
    invoiceApi.totals,
    {
      config: { access: perm(QUERY) },
      schema: {
        tags: ['invoice'],
        summary:
          'Count, amount and tax of the filtered invoices, red ones negative (paging and sort ignored)',
        body: InvoicePageSchema,
        response: { 200: envelopeSchema(InvoiceTotalsSchema) },
      },
    },
    async (req) => {
      const signed = (col: typeof invoices.amount | typeof invoices.tax) =>
        sql<string | null>`sum(case when ${invoices.kind} = 2 then -${col} else ${col} end)`;
      const [row] = await root.ctx.db
        .select({ count: count(), amount: signed(invoices.amount), tax: signed(invoices.tax) })
        .from(invoices)
        .where(where(scenicScope(req), req.body));
      return ok(req, {
        count: row?.count ?? 0,
        amount: Number(row?.amount ?? 0),
        tax: Number(row?.tax ?? 0),
      });
    },
  );
}

/** /invoice/invoiceList: the invoices and their moves (issue 33). */
export async function invoiceRoutes(root: FastifyInstance) {
  const { uploadDir } = root.ctx;

  registerListResource(root, {
    tag: 'invoice',
    api: { page: invoiceApi.page, export: invoiceApi.export },
    perms: { page: QUERY },
    table: invoices,
    where,
    sort: { createTime: invoices.createdAt, issuedAt: invoices.issuedAt, amount: invoices.amount },
    order: [desc(invoices.createdAt), desc(invoices.id)],
    rowSchema: InvoiceRowSchema,
    rows: (records) => records.map(invoiceRow),
    page: { summary: 'Invoices of the acting area, newest first', body: InvoicePageSchema },
    export: {
      summary: 'The invoices of the filter as .xlsx',
      fileName: InvoiceText.exportFile,
      columns: EXPORT,
    },
  });

  const app = root.withTypeProvider<ZodTypeProvider>();
  totalsRoute(root);

  // hand-registered: a read of one invoice with its lines and related invoices
  app.get(
    invoiceApi.detail,
    {
      config: { access: perm(QUERY) },
      schema: {
        tags: ['invoice'],
        summary: 'One invoice with its lines, and its red letters (or its blue one)',
        querystring: InvoiceIdSchema,
        response: { 200: envelopeSchema(InvoiceDetailSchema) },
      },
    },
    async (req) => ok(req, await detailById(root.ctx.db, scenicScope(req), req.query.id)),
  );

  registerAction(root, {
    url: invoiceApi.request,
    access: perm(ISSUE),
    tag: 'invoice',
    summary:
      'V1 by staff: a blue invoice for a paid order of the area, for what it paid and did not get back',
    body: InvoiceRequestSchema,
    response: InvoiceDetailSchema,
    audit: audit('invoice.request'),
    run: async (tx, { scenicId, adminId: _a, ...input }, req) => {
      const id = await requestInvoice(tx, scenicId, input, { by: 'staff' }, actorOfRequest(req));
      return audited(await detailById(tx, scenicId, id), null);
    },
  });

  registerAction(root, {
    url: invoiceApi.issue,
    access: perm(ISSUE),
    tag: 'invoice',
    summary: 'V2: issue (or retry) an invoice: its number taken from the series, then sent to the platform',
    body: InvoiceIdSchema,
    response: InvoiceDetailSchema,
    audit: audit('invoice.issue'),
    run: async (tx, { scenicId, id }, req) => {
      await startIssue(tx, scenicId, id, actorOfRequest(req));
      return audited(await detailById(tx, scenicId, id), null);
    },
    after: (db, { scenicId }, answer) =>
      sent(db, scenicId, answer.id, (row) => sendIssue(db, uploadDir, row)),
  });

  registerAction(root, {
    url: invoiceApi.red,
    access: perm(ISSUE),
    tag: 'invoice',
    summary:
      'A red-letter invoice for all or part of an issued blue one (never a red of a red), issued at once',
    body: InvoiceRedSchema,
    response: InvoiceDetailSchema,
    audit: audit('invoice.red'),
    run: async (tx, { scenicId, id, amount }, req) => {
      const redId = await requestRed(tx, scenicId, id, amount ?? null, 'staff', actorOfRequest(req));
      await startIssue(tx, scenicId, redId, actorOfRequest(req));
      return audited(await detailById(tx, scenicId, redId), null);
    },
    after: (db, { scenicId }, answer) =>
      sent(db, scenicId, answer.id, (row) => sendIssue(db, uploadDir, row)),
  });

  registerAction(root, {
    url: invoiceApi.reissue,
    access: perm(ISSUE),
    tag: 'invoice',
    summary:
      "V5: reissue a blue invoice (not reversed) for the buyer's corrected details: same number, same amount; the platform asked after",
    body: InvoiceReissueSchema,
    response: InvoiceDetailSchema,
    audit: audit('invoice.reissue'),
    run: async (tx, { scenicId, adminId: _a, ...body }, req) => {
      await startReissue(tx, scenicId, body, actorOfRequest(req));
      return audited(await detailById(tx, scenicId, body.id), null);
    },
    after: (db, { scenicId }, answer) =>
      sent(db, scenicId, answer.id, (row) => sendIssue(db, uploadDir, row)),
  });

  registerAction(root, {
    url: invoiceApi.void,
    access: perm(ISSUE),
    tag: 'invoice',
    summary:
      'V8: void a blue invoice issued this month, not reported and not reversed; the platform asked after',
    body: InvoiceVoidSchema,
    response: InvoiceDetailSchema,
    audit: audit('invoice.void'),
    run: async (tx, { scenicId, id, reason }, req) => {
      await startVoid(tx, scenicId, id, reason, actorOfRequest(req));
      return audited(await detailById(tx, scenicId, id), null);
    },
    after: (db, { scenicId }, answer) => sent(db, scenicId, answer.id, (row) => sendVoid(db, row)),
  });

  // hand-registered: a file (the invoice's PDF as kept in the object store), not a JSON answer
  app.get(
    invoiceApi.pdf,
    {
      config: { access: perm(QUERY) },
      schema: {
        tags: ['invoice'],
        summary: "The invoice's PDF (a redirect to the stored file)",
        querystring: InvoiceIdSchema,
      },
    },
    async (req, reply) => {
      const [row] = await root.ctx.db
        .select({ pdfKey: invoices.pdfKey })
        .from(invoices)
        .where(and(eq(invoices.id, req.query.id), eq(invoices.scenicId, scenicScope(req))));
      if (!row?.pdfKey) throw notFound('invoiceNotFound');
      return reply.redirect(`/uploads/${row.pdfKey}`);
    },
  );
}
