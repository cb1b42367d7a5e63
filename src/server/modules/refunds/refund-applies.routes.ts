import { count } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema, pageResultSchema } from '../../../shared/api/common.ts';
import {
  RefundApplyDetailSchema,
  RefundApplyIdSchema,
  RefundApplyPageSchema,
  RefundApplyRejectSchema,
  RefundApplyRowSchema,
  refundApplyApi,
  type RefundApplyRow,
} from '../../../shared/api/refunds.ts';
import { dictLabel } from '../../../shared/dict/dict.ts';
import { RefundApplyStatus, TicketStatus } from '../../../shared/dict/order.ts';
import { RefundApplyField, RefundText } from '../../../shared/dict/refunds.ts';
import { perm, scenicScope } from '../../http/access.ts';
import { auditedInRun, registerAction } from '../../http/action.ts';
import { ok } from '../../http/envelope.ts';
import { sendXlsx, type ExportColumn } from '../../http/export.ts';
import { writeAudit } from '../audit/index.ts';
import { applyDetail, applyWhere, joined, pageRows } from './refund-applies.query.ts';
import { approveRefundRequest, rejectRefundRequest } from './refunds.service.ts';

const APPLY_EXPORT: ExportColumn<RefundApplyRow>[] = [
  { header: RefundApplyField.id, value: (r) => r.id, kind: 'number', width: 10 },
  { header: RefundApplyField.orderNo, value: (r) => r.orderNo, kind: 'text', width: 24 },
  { header: RefundApplyField.productName, value: (r) => r.productName, width: 24 },
  { header: RefundApplyField.visitorName, value: (r) => r.visitorName },
  { header: RefundApplyField.buyerPhone, value: (r) => r.buyerPhone, kind: 'text' },
  { header: RefundApplyField.visitDate, value: (r) => r.visitDate, kind: 'text' },
  { header: RefundApplyField.ticketAmount, value: (r) => r.ticketAmount, kind: 'money' },
  { header: RefundApplyField.fee, value: (r) => r.fee, kind: 'money' },
  { header: RefundApplyField.refundAmount, value: (r) => r.refundAmount, kind: 'money' },
  { header: RefundApplyField.status, value: (r, lang) => dictLabel(RefundApplyStatus, r.status, lang) },
  {
    header: RefundApplyField.ticketStatus,
    value: (r, lang) => dictLabel(TicketStatus, r.ticketStatus, lang),
  },
  { header: RefundApplyField.reason, value: (r) => r.reason, width: 30 },
  { header: RefundApplyField.requestedBy, value: (r) => r.requestedBy },
  { header: RefundApplyField.requestTime, value: (r) => r.createTime, kind: 'datetime', width: 20 },
  { header: RefundApplyField.reviewedBy, value: (r) => r.reviewedBy },
  { header: RefundApplyField.reviewTime, value: (r) => r.reviewTime, kind: 'datetime', width: 20 },
  { header: RefundApplyField.rejectReason, value: (r) => r.rejectReason, width: 30 },
];

/**
 * The reviews' audit rows: the refunds service writes each itself, in the action's transaction (module
 * orders, the acting area, as for its other callers), so the runs answer without one (`auditedInRun(answer)`).
 */
const serviceAudit = { write: writeAudit, module: 'orders', targetType: 'refundRequest' } as const;

/** docs/product.md §2 /ticket/refundTicCheck and refTicCheDet: the refund applications of the area and their review. */
export async function refundApplyRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = root.ctx;

  // hand-registered: a read that is not a list resource
  app.post(
    refundApplyApi.page,
    {
      config: { access: perm('admin:refundApply:page') },
      schema: {
        tags: ['order'],
        summary: 'Refund applications of the acting area, one per ticket, newest first',
        body: RefundApplyPageSchema,
        response: { 200: envelopeSchema(pageResultSchema(RefundApplyRowSchema)) },
      },
    },
    async (req) => {
      const scenicId = scenicScope(req);
      const q = req.body;
      const [list, totals] = await Promise.all([
        pageRows(db, scenicId, q, (q.page - 1) * q.limit, q.limit),
        joined(db, { n: count() }).where(applyWhere(scenicId, q)),
      ]);
      return ok(req, { rows: list, total: Number((totals[0] as { n: number } | undefined)?.n ?? 0) });
    },
  );

  // hand-registered: streams an .xlsx file
  app.post(
    refundApplyApi.export,
    {
      config: { access: perm('admin:refundApply:page') },
      schema: {
        tags: ['order'],
        summary: 'The refund applications of the current filter (all pages) as .xlsx',
        body: RefundApplyPageSchema,
      },
    },
    async (req, reply) => {
      const scenicId = scenicScope(req);
      return sendXlsx(req, reply, {
        fileName: RefundText.exportName,
        columns: APPLY_EXPORT,
        fetch: (offset, limit) => pageRows(db, scenicId, req.body, offset, limit),
      });
    },
  );

  // hand-registered: a read that is not a list resource
  app.get(
    refundApplyApi.query,
    {
      config: { access: perm('admin:refundApply:page') },
      schema: {
        tags: ['order'],
        summary: 'One refund application with its order, ticket, gate events and refunds',
        querystring: RefundApplyIdSchema,
        response: { 200: envelopeSchema(RefundApplyDetailSchema) },
      },
    },
    async (req) => ok(req, await applyDetail(db, scenicScope(req), req.query.id)),
  );

  registerAction(root, {
    url: refundApplyApi.approve,
    access: perm('admin:refundApply:review'),
    tag: 'order',
    summary: 'Approve an open refund application (T17): refunds split over the payments',
    description:
      '409 when the application is no longer open or the reviewer made it. Offline payments are ' +
      'refunded outside at once and the ticket becomes 203; online ones leave it in 205.',
    body: RefundApplyIdSchema,
    response: z.object({
      id: z.number().int(),
      ticketStatus: z.number().int(),
      refundIds: z.array(z.number().int()),
    }),
    audit: { ...serviceAudit, action: 'refundApprove' },
    run: async (tx, { scenicId, adminId, id }, req) => {
      const result = await approveRefundRequest(tx, { scenicId, requestId: id, adminId }, req);
      const answer = {
        id: result.request.id,
        ticketStatus: result.ticketStatus,
        refundIds: result.refunds.map((r) => r.id),
      };
      return auditedInRun(answer);
    },
  });

  registerAction(root, {
    url: refundApplyApi.reject,
    access: perm('admin:refundApply:review'),
    tag: 'order',
    summary: 'Reject an open refund application with a reason; the ticket returns to its status before',
    body: RefundApplyRejectSchema,
    response: z.null(),
    audit: { ...serviceAudit, action: 'refundReject' },
    run: async (tx, { scenicId, adminId, id, reason }, req) => {
      await rejectRefundRequest(tx, { scenicId, requestId: id, adminId, reason }, req);
      return auditedInRun(null);
    },
  });
}
