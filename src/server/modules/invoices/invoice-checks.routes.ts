import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CheckInvoiceIdSchema,
  CheckRequestSchema,
  InvoiceCheckCountsQuerySchema,
  InvoiceCheckCountsSchema,
  invoiceCheckApi,
  invoiceMismatchApi,
  invoiceStuckApi,
  invoiceUnbilledApi,
  MismatchPageSchema,
  MismatchRowSchema,
  StuckPageSchema,
  StuckRowSchema,
  UnbilledPageSchema,
  UnbilledRowSchema,
  type MismatchRow,
  type StuckRow,
  type UnbilledRow,
} from '../../../shared/api/invoice-checks.ts';
import { envelopeSchema } from '../../../shared/api/common.ts';
import { InvoiceRowSchema, type InvoiceRowView } from '../../../shared/api/invoices.ts';
import { dictLabel } from '../../../shared/dict/dict.ts';
import {
  InvoiceCheckField,
  InvoiceCheckText,
  InvoiceRequested,
} from '../../../shared/dict/invoice-checks.ts';
import { INVOICE_STATE, InvoiceField, InvoiceGoods, InvoiceState } from '../../../shared/dict/invoices.ts';
import type { Db } from '../../db/client.ts';
import { perm, scenicScope } from '../../http/access.ts';
import { audited, registerAction } from '../../http/action.ts';
import { ok } from '../../http/envelope.ts';
import { conflict, notFound } from '../../http/errors.ts';
import type { ExportColumn } from '../../http/export.ts';
import { actorOfRequest, writeAudit } from '../audit/index.ts';
import { registerSqlList } from './invoice-check-lists.ts';
import {
  count,
  excessOf,
  mismatchFrom,
  mismatchRows,
  stuckFrom,
  stuckRows,
  unbilledFrom,
  unbilledRows,
} from './invoice-checks.ts';
import { sendIssue, sendVoid, settleIssuing } from './invoice-issuing.ts';
import { invoiceSource } from './invoice-sources.ts';
import { invoiceRow } from './invoices.routes.ts';
import { requestInvoice, requestRed, startIssue } from './invoices.service.ts';
import { invoices, type InvoiceRow } from './invoices.table.ts';

const CHECK = 'admin:invoice:check:query';
const ISSUE = 'admin:invoice:issue';
const PHONE = /^1\d{10}$/;
const money = (cents: number) => (cents / 100).toFixed(2);
const audit = (action: string) =>
  ({ write: writeAudit, module: 'invoice', action, targetType: 'invoice' }) as const;

const INVOICE_COLUMNS: ExportColumn<InvoiceRowView>[] = [
  { header: InvoiceField.series, value: (r) => (r.number ? `${r.code}${r.number}` : ''), kind: 'text' },
  { header: InvoiceField.state, value: (r, lang) => dictLabel(InvoiceState, r.state, lang) },
  { header: InvoiceField.source, value: (r, lang) => dictLabel(InvoiceGoods, r.source, lang) },
  { header: InvoiceField.sourceNo, value: (r) => r.sourceNo, kind: 'text', width: 24 },
  { header: InvoiceField.buyerName, value: (r) => r.buyerName, width: 24 },
  { header: InvoiceField.amount, value: (r) => money(r.amount) },
];

const UNBILLED_COLUMNS: ExportColumn<UnbilledRow>[] = [
  { header: InvoiceField.source, value: (r, lang) => dictLabel(InvoiceGoods, r.source, lang) },
  { header: InvoiceField.sourceNo, value: (r) => r.sourceNo, kind: 'text', width: 24 },
  { header: InvoiceField.buyerName, value: (r) => r.buyerName, width: 20 },
  { header: InvoiceField.buyerPhone, value: (r) => r.buyerPhone, kind: 'text' },
  { header: InvoiceCheckField.paid, value: (r) => r.paid, kind: 'money' },
  { header: InvoiceCheckField.left, value: (r) => r.left, kind: 'money' },
  { header: InvoiceCheckField.paidAt, value: (r) => r.paidAt, kind: 'datetime', width: 20 },
  {
    header: InvoiceCheckField.requested,
    value: (r, lang) => dictLabel(InvoiceRequested, r.invoiceId == null ? 0 : 1, lang),
  },
];

const STUCK_COLUMNS: ExportColumn<StuckRow>[] = [
  ...(INVOICE_COLUMNS as ExportColumn<StuckRow>[]),
  { header: InvoiceCheckField.since, value: (r) => r.since, kind: 'datetime', width: 20 },
  { header: InvoiceCheckField.stuckMinutes, value: (r) => r.stuckMinutes, kind: 'number' },
];

const MISMATCH_COLUMNS: ExportColumn<MismatchRow>[] = [
  ...(INVOICE_COLUMNS as ExportColumn<MismatchRow>[]),
  { header: InvoiceCheckField.invoiced, value: (r) => r.invoiced, kind: 'money' },
  { header: InvoiceCheckField.sourceLeft, value: (r) => r.sourceLeft, kind: 'money' },
  { header: InvoiceCheckField.diff, value: (r) => r.diff, kind: 'money' },
];

async function rowOf(db: Db, scenicId: number, id: number, lock = false): Promise<InvoiceRow> {
  const q = db
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, id), eq(invoices.scenicId, scenicId)));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound('invoiceNotFound');
  return row;
}

/** The checks' lists: each pages, sorts and exports. */
function checkLists(root: FastifyInstance) {
  registerSqlList(root, {
    api: invoiceUnbilledApi,
    permission: CHECK,
    body: UnbilledPageSchema,
    row: UnbilledRowSchema,
    summary: 'Paid orders of the area (tickets, shop, cards) not invoiced after `days` days',
    fileName: InvoiceCheckText.unbilledExport,
    columns: UNBILLED_COLUMNS,
    from: (req, q, now) => unbilledFrom(scenicScope(req), q, now),
    rows: (db, from, q, offset, limit) => unbilledRows(db, from, q, offset, limit),
  });
  registerSqlList(root, {
    api: invoiceStuckApi,
    permission: CHECK,
    body: StuckPageSchema,
    row: StuckRowSchema,
    summary: 'Invoices issuing, reissuing or voiding for more than `minutes` minutes',
    fileName: InvoiceCheckText.stuckExport,
    columns: STUCK_COLUMNS,
    from: (req, q, now) => stuckFrom(scenicScope(req), q, now),
    rows: stuckRows,
  });
  registerSqlList(root, {
    api: invoiceMismatchApi,
    permission: CHECK,
    body: MismatchPageSchema,
    row: MismatchRowSchema,
    summary: 'Issued blue invoices whose amount less their reds differs from what their source kept',
    fileName: InvoiceCheckText.mismatchExport,
    columns: MISMATCH_COLUMNS,
    from: (req, q) => mismatchFrom(scenicScope(req), q),
    rows: (db, from, q, offset, limit) => mismatchRows(db, from, q, offset, limit),
  });
}

/** /invoice/invDetection: the checks' counts and lists, and each row's fix (docs/invoices.md). */
export async function invoiceCheckRoutes(root: FastifyInstance) {
  const { uploadDir } = root.ctx;
  const app = root.withTypeProvider<ZodTypeProvider>();
  checkLists(root);

  // hand-registered: a read of the three checks' counts
  app.get(
    invoiceCheckApi.counts,
    {
      config: { access: perm(CHECK) },
      schema: {
        tags: ['invoice'],
        summary: 'How many rows each check finds now',
        querystring: InvoiceCheckCountsQuerySchema,
        response: { 200: envelopeSchema(InvoiceCheckCountsSchema) },
      },
    },
    async (req) => {
      const scenicId = scenicScope(req);
      const { days, minutes } = req.query;
      const { db } = root.ctx;
      const now = new Date();
      const [unbilled, stuck, mismatch] = await Promise.all([
        count(db, unbilledFrom(scenicId, { days } as never, now)),
        count(db, stuckFrom(scenicId, { minutes } as never, now)),
        count(db, mismatchFrom(scenicId, {} as never)),
      ]);
      return ok(req, { unbilled, stuck, mismatch });
    },
  );

  registerAction(root, {
    url: invoiceCheckApi.request,
    access: perm(ISSUE),
    tag: 'invoice',
    summary:
      'Fix of the unbilled check (V1 by staff): a blue invoice for a paid order, the buyer (a person) from the order',
    body: CheckRequestSchema,
    response: InvoiceRowSchema,
    audit: audit('invoice.request'),
    run: async (tx, { scenicId, source, sourceNo }, req) => {
      const src = await invoiceSource(tx, scenicId, source, { no: sourceNo });
      if (!src) throw notFound('invoiceSourceNotFound');
      const buyer = {
        buyerType: 1,
        buyerName: (src.buyerName.trim() || InvoiceCheckText.personBuyer.zh).slice(0, 100),
        buyerTaxId: '',
        buyerAddress: '',
        buyerBank: '',
        buyerEmail: '',
        buyerPhone: PHONE.test(src.buyerPhone) ? src.buyerPhone : '',
      };
      const input = { source, sourceNo, ...buyer };
      const id = await requestInvoice(tx, scenicId, input, { by: 'staff' }, actorOfRequest(req));
      return audited(invoiceRow(await rowOf(tx, scenicId, id)), null);
    },
  });

  registerAction(root, {
    url: invoiceCheckApi.settle,
    access: perm(ISSUE),
    tag: 'invoice',
    summary:
      'Fix of the stuck check: asks the platform now how an issuing (9) or voiding (6) invoice ended, and records it',
    body: CheckInvoiceIdSchema,
    response: InvoiceRowSchema,
    audit: audit('invoice.settle'),
    run: async (tx, { scenicId, id }) => {
      const row = await rowOf(tx, scenicId, id, true);
      if (row.state !== INVOICE_STATE.issuing && row.state !== INVOICE_STATE.voiding)
        throw conflict('invoiceNotStuck');
      return audited(invoiceRow(row), { targetId: id, before: { state: row.state } });
    },
    after: async (db, { scenicId, id }) => {
      const row = await rowOf(db, scenicId, id);
      if (row.state === INVOICE_STATE.issuing) await settleIssuing(db, uploadDir, row);
      else if (row.state === INVOICE_STATE.voiding) await sendVoid(db, row);
      return invoiceRow(await rowOf(db, scenicId, id));
    },
  });

  registerAction(root, {
    url: invoiceCheckApi.red,
    access: perm(ISSUE),
    tag: 'invoice',
    summary:
      'Fix of the mismatch check: a red-letter invoice for what an issued blue invoice exceeds its source by, issued at once',
    body: CheckInvoiceIdSchema,
    response: InvoiceRowSchema,
    audit: audit('invoice.red'),
    run: async (tx, { scenicId, id }, req) => {
      await rowOf(tx, scenicId, id, true);
      const excess = await excessOf(tx, scenicId, id);
      if (excess == null || excess <= 0) throw conflict('invoiceNoExcess');
      const actor = actorOfRequest(req);
      const redId = await requestRed(tx, scenicId, id, excess, 'staff', actor);
      return audited(invoiceRow(await startIssue(tx, scenicId, redId, actor)), null);
    },
    after: async (db, { scenicId }, answer) => {
      await sendIssue(db, uploadDir, await rowOf(db, scenicId, answer.id));
      return invoiceRow(await rowOf(db, scenicId, answer.id));
    },
  });
}
