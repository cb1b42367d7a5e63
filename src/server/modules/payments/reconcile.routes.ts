import { and, desc, eq, gte, inArray, lte } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelopeSchema } from '../../../shared/api/common.ts';
import {
  payReconcileApi,
  PayDifferenceAcceptSchema,
  PayDifferencePageSchema,
  PayDifferenceRowSchema,
  PayDifferenceSettleSchema,
  PayReconcileRunSchema,
  PayStatementSchema,
  type PayDifferencePage,
  type PayDifferenceRow,
} from '../../../shared/api/pay-reconcile.ts';
import { dictLabel } from '../../../shared/dict/dict.ts';
import { PayWay } from '../../../shared/dict/order.ts';
import {
  PayDifferenceKind,
  PayDifferenceStatus,
  PayLineKind,
  PayReconcileField,
} from '../../../shared/dict/payments.ts';
import type { Db } from '../../db/client.ts';
import { perm, requireAuth, scenicScope } from '../../http/access.ts';
import { audited, registerAction } from '../../http/action.ts';
import { ok } from '../../http/envelope.ts';
import { conflict } from '../../http/errors.ts';
import type { ExportColumn } from '../../http/export.ts';
import { registerListResource } from '../../http/list-resource.ts';
import { admins } from '../accounts/index.ts';
import { writeAudit } from '../audit/index.ts';
import { acceptDifference, settleDifference } from './reconcile-fix.service.ts';
import { reconcileDay } from './reconcile.service.ts';
import { payDifferences, type PayDifferenceRow as Stored } from './payments.table.ts';

const PERM = 'admin:payment:reconcile';
const audit = (action: string) =>
  ({ write: writeAudit, module: 'setting', action, targetType: 'payDifference' }) as const;

const money = (cents: number | null) => (cents == null ? '' : (cents / 100).toFixed(2));

const EXPORT: ExportColumn<PayDifferenceRow>[] = [
  { header: PayReconcileField.statementDate, value: (r) => r.statementDate, width: 12 },
  { header: PayReconcileField.payWay, value: (r, lang) => dictLabel(PayWay, r.payWay, lang) },
  {
    header: PayReconcileField.kind,
    value: (r, lang) => dictLabel(PayDifferenceKind, r.kind, lang),
    width: 24,
  },
  { header: PayReconcileField.lineKind, value: (r, lang) => dictLabel(PayLineKind, r.lineKind, lang) },
  { header: PayReconcileField.paymentNo, value: (r) => r.paymentNo, width: 24 },
  { header: PayReconcileField.refundNo, value: (r) => r.refundNo, width: 16 },
  { header: PayReconcileField.providerTxnId, value: (r) => r.providerTxnId, width: 30 },
  { header: PayReconcileField.ourAmount, value: (r) => money(r.ourAmount) },
  { header: PayReconcileField.theirAmount, value: (r) => money(r.theirAmount) },
  { header: PayReconcileField.status, value: (r, lang) => dictLabel(PayDifferenceStatus, r.status, lang) },
  { header: PayReconcileField.note, value: (r) => r.note, width: 30 },
  { header: PayReconcileField.resolvedBy, value: (r) => r.resolvedBy },
  { header: PayReconcileField.resolvedAt, value: (r) => r.resolvedAt, kind: 'datetime', width: 20 },
];

const where = (scenicId: number, q: PayDifferencePage) =>
  and(
    eq(payDifferences.scenicId, scenicId),
    q.payWay ? eq(payDifferences.payWay, q.payWay) : undefined,
    q.kind ? eq(payDifferences.kind, q.kind) : undefined,
    q.status ? eq(payDifferences.status, q.status) : undefined,
    q.paymentNo ? eq(payDifferences.paymentNo, q.paymentNo) : undefined,
    q.dateFrom ? gte(payDifferences.statementDate, q.dateFrom) : undefined,
    q.dateTo ? lte(payDifferences.statementDate, q.dateTo) : undefined,
  );

/** The rows with who fixed them (one query for the page's accounts). */
async function rowsOf(db: Db, records: Stored[]): Promise<PayDifferenceRow[]> {
  const ids = [...new Set(records.map((r) => r.resolvedBy).filter((id): id is number => id != null))];
  const names = new Map(
    ids.length
      ? (
          await db
            .select({ id: admins.id, name: admins.username })
            .from(admins)
            .where(inArray(admins.id, ids))
        ).map((a) => [a.id, a.name])
      : [],
  );
  return records.map((d) => ({
    id: d.id,
    payWay: d.payWay,
    statementDate: d.statementDate,
    kind: d.kind as PayDifferenceRow['kind'],
    lineKind: d.lineKind as PayDifferenceRow['lineKind'],
    paymentNo: d.paymentNo,
    refundNo: d.refundNo,
    providerTxnId: d.providerTxnId,
    ourAmount: d.ourAmount,
    theirAmount: d.theirAmount,
    status: d.status as PayDifferenceRow['status'],
    note: d.note,
    resolvedBy: d.resolvedBy == null ? '' : (names.get(d.resolvedBy) ?? ''),
    resolvedAt: d.resolvedAt?.toISOString() ?? null,
    createTime: d.createdAt.toISOString(),
    settleable: d.status === 'open' && d.kind === 'missingHere',
  }));
}

/** The daily reconciliation's differences and their fix actions (issue 30). */
export async function reconcileRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db, config } = root.ctx;

  registerListResource(app, {
    tag: 'sys',
    api: { page: payReconcileApi.page, export: payReconcileApi.export },
    perms: { page: PERM },
    table: payDifferences,
    where,
    sort: { statementDate: payDifferences.statementDate, createTime: payDifferences.createdAt },
    order: [desc(payDifferences.statementDate), desc(payDifferences.id)],
    rowSchema: PayDifferenceRowSchema,
    rows: (records) => rowsOf(db, records),
    page: {
      summary:
        'Differences between the providers’ daily statements and our payments and refunds, newest day first',
      body: PayDifferencePageSchema,
    },
    export: {
      summary: 'The differences of the current filter as .xlsx',
      fileName: PayReconcileField.exportName,
      columns: EXPORT,
    },
  });

  registerAction(root, {
    url: payReconcileApi.accept,
    access: perm(PERM),
    tag: 'sys',
    summary: 'Accepts a difference with a note: checked, nothing to record',
    body: PayDifferenceAcceptSchema,
    response: PayDifferenceRowSchema,
    audit: audit('payDifference.accept'),
    run: async (tx, input) => {
      const { before, after } = await acceptDifference(tx, input);
      const [row] = await rowsOf(tx, [after]);
      return audited(row!, {
        targetId: after.id,
        before: { status: before.status },
        after: { status: after.status, note: after.note },
      });
    },
  });

  // hand-registered: an outbound call to the provider, so no transaction is held across it; the
  // audit row is written after the answer
  app.post(
    payReconcileApi.settle,
    {
      config: { access: perm(PERM) },
      schema: {
        tags: ['sys'],
        summary: 'Settles a line the statement has and we lack: asks the provider and records its answer',
        body: PayDifferenceSettleSchema,
        response: { 200: envelopeSchema(PayDifferenceRowSchema) },
      },
    },
    async (req) => {
      const scenicId = scenicScope(req);
      const { adminId } = requireAuth(req);
      const settled = await settleDifference(db, {
        scenicId,
        id: req.body.id,
        adminId,
        publicUrl: config.publicUrl,
      });
      const { write: _, ...names } = audit('payDifference.settle');
      await writeAudit(db, req, { ...names, targetId: settled.id, after: { status: settled.status } });
      return ok(req, (await rowsOf(db, [settled]))[0]!);
    },
  );

  // hand-registered: downloads the provider's statement (an outbound call), then matches it
  app.post(
    payReconcileApi.run,
    {
      config: { access: perm(PERM) },
      schema: {
        tags: ['sys'],
        summary: 'Runs the statement of a pay way and day again (open differences replaced, fixed ones kept)',
        body: PayReconcileRunSchema,
        response: { 200: envelopeSchema(PayStatementSchema) },
      },
    },
    async (req) => {
      const scenicId = scenicScope(req);
      const run = await reconcileDay(db, {
        scenicId,
        payWay: req.body.payWay,
        date: req.body.date,
        publicUrl: config.publicUrl,
        again: true,
      });
      if (!run) throw conflict('payStatementRunning');
      const { write: _, ...names } = audit('payStatement.run');
      await writeAudit(db, req, {
        ...names,
        targetType: 'payStatement',
        targetId: run.id,
        after: { status: run.status, differences: run.differences },
      });
      return ok(req, {
        payWay: run.payWay,
        statementDate: run.statementDate,
        status: run.status,
        lines: run.lines,
        differences: run.differences,
        error: run.error,
      });
    },
  );
}
