import { and, asc, count, desc, eq, gte, ilike, lte, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema, pageResultSchema } from '../../../shared/api/common.ts';
import {
  OpenRefundApplySchema,
  OpenRefundWithdrawSchema,
  RefundApplyDetailSchema,
  RefundApplyIdSchema,
  RefundApplyPageSchema,
  RefundApplyRejectSchema,
  RefundApplyRowSchema,
  RefundMarkDoneSchema,
  RefundRequestBriefSchema,
  StaffRefundSchema,
  type RefundApplyPage,
  type RefundApplyRow,
} from '../../../shared/api/refunds.ts';
import { dictLabel } from '../../../shared/dict/dict.ts';
import { RefundApplyStatus, TICKET_STATUS, TicketStatus } from '../../../shared/dict/order.ts';
import { RefundApplyField, RefundText } from '../../../shared/dict/refunds.ts';
import { hasPermission } from '../../../shared/perms.ts';
import type { Db } from '../../db/client.ts';
import { CLIENT, ownerScope, perm, requireAuth, requireClient, scenicScope } from '../../http/access.ts';
import { ok } from '../../http/envelope.ts';
import { AppError } from '../../http/errors.ts';
import { sendXlsx, type ExportColumn } from '../../http/export.ts';
import { likeContains, orderFor } from '../../http/paging.ts';
import { admins } from '../accounts/index.ts';
import { gates } from '../gates/index.ts';
import { orderTickets, payments, ticketOrders } from '../orders/index.ts';
import { gateEvents } from '../checkin/index.ts';
import { refundRequests, refunds } from './refunds.table.ts';
import { ticketProducts } from '../products/index.ts';
import {
  approveRefundRequest,
  countPendingRefundRequests,
  markRefundDone,
  rejectRefundRequest,
  requestRefund,
  staffRefund,
  withdrawRefundRequest,
} from './refunds.service.ts';

const BASE = '/web/api/admin/refundApply';
const requester = alias(admins, 'requester');
const reviewer = alias(admins, 'reviewer');

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function applyWhere(scenicId: number, q: RefundApplyPage): SQL | undefined {
  return and(
    eq(refundRequests.scenicId, scenicId),
    q.status ? eq(refundRequests.status, q.status) : undefined,
    q.orderNo ? ilike(ticketOrders.orderNo, likeContains(q.orderNo)) : undefined,
    q.productId ? eq(orderTickets.productId, q.productId) : undefined,
    q.phone
      ? or(
          ilike(ticketOrders.buyerPhone, likeContains(q.phone)),
          ilike(orderTickets.visitorPhone, likeContains(q.phone)),
        )
      : undefined,
    q.createTimeFrom ? gte(refundRequests.createdAt, new Date(q.createTimeFrom)) : undefined,
    q.createTimeTo ? lte(refundRequests.createdAt, new Date(q.createTimeTo)) : undefined,
  );
}

function applyOrder(q: RefundApplyPage) {
  return orderFor(
    {
      createTime: refundRequests.createdAt,
      reviewTime: refundRequests.reviewedAt,
      refundAmount: refundRequests.refundAmount,
      ticketAmount: refundRequests.ticketAmount,
    },
    q,
    [desc(refundRequests.createdAt), desc(refundRequests.id)],
  );
}

const rowColumns = {
  id: refundRequests.id,
  orderId: refundRequests.orderId,
  orderNo: ticketOrders.orderNo,
  ticketId: refundRequests.ticketId,
  productId: orderTickets.productId,
  productName: ticketProducts.name,
  visitorName: orderTickets.visitorName,
  visitorPhone: orderTickets.visitorPhone,
  buyerPhone: ticketOrders.buyerPhone,
  visitDate: orderTickets.visitDate,
  ticketAmount: refundRequests.ticketAmount,
  fee: refundRequests.fee,
  refundAmount: refundRequests.refundAmount,
  status: refundRequests.status,
  ticketStatus: orderTickets.status,
  statusBeforeRefund: refundRequests.statusBeforeRefund,
  reason: refundRequests.reason,
  rejectReason: refundRequests.rejectReason,
  requestedBy: refundRequests.requestedBy,
  requestedByAdminId: refundRequests.requestedByAdminId,
  requesterName: requester.username,
  reviewerName: reviewer.username,
  reviewedByAdminId: refundRequests.reviewedByAdminId,
  createdAt: refundRequests.createdAt,
  reviewedAt: refundRequests.reviewedAt,
};

function joined(db: Db, columns: typeof rowColumns | { n: ReturnType<typeof count> }) {
  return db
    .select(columns)
    .from(refundRequests)
    .innerJoin(ticketOrders, eq(ticketOrders.id, refundRequests.orderId))
    .innerJoin(orderTickets, eq(orderTickets.id, refundRequests.ticketId))
    .innerJoin(ticketProducts, eq(ticketProducts.id, orderTickets.productId))
    .leftJoin(requester, eq(requester.id, refundRequests.requestedByAdminId))
    .leftJoin(reviewer, eq(reviewer.id, refundRequests.reviewedByAdminId));
}

type Joined = {
  [K in keyof typeof rowColumns]: (typeof rowColumns)[K]['_']['notNull'] extends true
    ? (typeof rowColumns)[K]['_']['data']
    : (typeof rowColumns)[K]['_']['data'] | null;
};

function toRow(r: Joined): RefundApplyRow {
  return {
    id: r.id,
    orderId: r.orderId,
    orderNo: r.orderNo,
    ticketId: r.ticketId,
    productId: r.productId,
    productName: r.productName,
    visitorName: r.visitorName,
    visitorPhone: r.visitorPhone,
    buyerPhone: r.buyerPhone,
    visitDate: r.visitDate,
    ticketAmount: r.ticketAmount,
    fee: r.fee,
    refundAmount: r.refundAmount,
    status: r.status,
    ticketStatus: r.ticketStatus,
    statusBeforeRefund: r.statusBeforeRefund,
    reason: r.reason,
    rejectReason: r.rejectReason,
    requestedBy: r.requesterName ?? r.requestedBy,
    requestedByAdminId: r.requestedByAdminId,
    reviewedBy: r.reviewerName ?? '',
    reviewedByAdminId: r.reviewedByAdminId,
    createTime: r.createdAt.toISOString(),
    reviewTime: iso(r.reviewedAt),
  };
}

async function pageRows(db: Db, scenicId: number, q: RefundApplyPage, offset: number, limit: number) {
  const found = await joined(db, rowColumns)
    .where(applyWhere(scenicId, q))
    .orderBy(...applyOrder(q))
    .limit(limit)
    .offset(offset);
  return (found as Joined[]).map(toRow);
}

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

const okNull = envelopeSchema(z.null());

/** Spec §2 /ticket/refundTicCheck + refTicCheDet, spec §7 countRefundApply, and the channels' refund API. */
export async function refundRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = root.ctx;

  app.post(
    `${BASE}/page`,
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

  app.post(
    `${BASE}/export`,
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

  app.get(
    `${BASE}/query`,
    {
      config: { access: perm('admin:refundApply:page') },
      schema: {
        tags: ['order'],
        summary: 'One refund application with its order, ticket, gate events and refunds',
        querystring: RefundApplyIdSchema,
        response: { 200: envelopeSchema(RefundApplyDetailSchema) },
      },
    },
    async (req) => {
      const scenicId = scenicScope(req);
      const [found] = await joined(db, rowColumns).where(
        and(eq(refundRequests.id, req.query.id), eq(refundRequests.scenicId, scenicId)),
      );
      if (!found) throw new AppError(404, 'recordNotFound');
      const request = toRow(found as Joined);
      const [[order], [ticket], events, refundRows] = await Promise.all([
        db.select().from(ticketOrders).where(eq(ticketOrders.id, request.orderId)),
        db
          .select({ t: orderTickets, p: ticketProducts })
          .from(orderTickets)
          .innerJoin(ticketProducts, eq(ticketProducts.id, orderTickets.productId))
          .where(eq(orderTickets.id, request.ticketId)),
        db
          .select({ e: gateEvents, gateName: gates.name })
          .from(gateEvents)
          .leftJoin(gates, eq(gates.id, gateEvents.gateId))
          .where(eq(gateEvents.ticketId, request.ticketId))
          .orderBy(asc(gateEvents.scannedAt)),
        db
          .select({ r: refunds, payWay: payments.payWay, provider: payments.provider })
          .from(refunds)
          .innerJoin(payments, eq(payments.id, refunds.paymentId))
          .where(
            and(eq(refunds.orderId, request.orderId), sql`${request.ticketId} = any(${refunds.ticketIds})`),
          )
          .orderBy(asc(refunds.id)),
      ]);
      if (!order || !ticket) throw new AppError(404, 'recordNotFound');
      return ok(req, {
        request,
        order: {
          id: order.id,
          orderNo: order.orderNo,
          channel: order.channel,
          buyerName: order.buyerName,
          buyerPhone: order.buyerPhone,
          totalAmount: order.totalAmount,
          paidAmount: order.paidAmount,
          refundedAmount: order.refundedAmount,
          status: order.status,
          payStatus: order.payStatus,
          payWay: order.payWay,
          createTime: order.createdAt.toISOString(),
        },
        ticket: {
          id: ticket.t.id,
          productName: ticket.p.name,
          visitDate: ticket.t.visitDate,
          seatLabel: ticket.t.seatLabel,
          visitorName: ticket.t.visitorName,
          visitorPhone: ticket.t.visitorPhone,
          price: ticket.t.price,
          status: ticket.t.status,
          validFrom: ticket.t.validFrom.toISOString(),
          validUntil: ticket.t.validUntil.toISOString(),
        },
        rule: {
          refundRule: ticket.p.refundRule,
          refundDeadlineHours: ticket.p.refundDeadlineHours,
          refundFeeUnit: ticket.p.refundFeeUnit,
          refundFeeValue: ticket.p.refundFeeValue,
        },
        gateEvents: events.map(({ e, gateName }) => ({
          id: e.id,
          gateId: e.gateId,
          gateName: gateName ?? '',
          direction: e.direction,
          result: e.result,
          scannedAt: e.scannedAt.toISOString(),
        })),
        refunds: refundRows.map(({ r, payWay, provider }) => ({
          id: r.id,
          paymentId: r.paymentId,
          payWay,
          provider,
          refundRequestId: r.refundRequestId,
          ticketIds: r.ticketIds,
          amount: r.amount,
          status: r.status,
          providerRefundId: r.providerRefundId,
          reason: r.reason,
          createTime: r.createdAt.toISOString(),
          doneTime: iso(r.doneAt),
        })),
      });
    },
  );

  app.post(
    `${BASE}/approve`,
    {
      config: { access: perm('admin:refundApply:review') },
      schema: {
        tags: ['order'],
        summary: 'Approve an open refund application (T17): refunds split over the payments',
        description:
          '409 when the application is no longer open or the reviewer made it. Offline payments are ' +
          'refunded outside at once and the ticket becomes 203; online ones leave it in 205.',
        body: RefundApplyIdSchema,
        response: {
          200: envelopeSchema(
            z.object({
              id: z.number().int(),
              ticketStatus: z.number().int(),
              refundIds: z.array(z.number().int()),
            }),
          ),
        },
      },
    },
    async (req) => {
      const result = await approveRefundRequest(
        db,
        { scenicId: scenicScope(req), requestId: req.body.id, adminId: requireAuth(req).adminId },
        req,
      );
      return ok(req, {
        id: result.request.id,
        ticketStatus: result.ticketStatus,
        refundIds: result.refunds.map((r) => r.id),
      });
    },
  );

  app.post(
    `${BASE}/reject`,
    {
      config: { access: perm('admin:refundApply:review') },
      schema: {
        tags: ['order'],
        summary: 'Reject an open refund application with a reason; the ticket returns to its status before',
        body: RefundApplyRejectSchema,
        response: { 200: okNull },
      },
    },
    async (req) => {
      await rejectRefundRequest(
        db,
        {
          scenicId: scenicScope(req),
          requestId: req.body.id,
          adminId: requireAuth(req).adminId,
          reason: req.body.reason,
        },
        req,
      );
      return ok(req, null);
    },
  );

  app.post(
    '/web/api/admin/order/staffRefund',
    {
      config: { access: perm('admin:order:refund') },
      schema: {
        tags: ['order'],
        summary: 'Refund tickets of an order without a request (T20), full price, with a reason',
        body: StaffRefundSchema,
        response: {
          200: envelopeSchema(
            z.object({ refundIds: z.array(z.number().int()), refunded: z.array(z.number().int()) }),
          ),
        },
      },
    },
    async (req) => {
      const result = await staffRefund(
        db,
        {
          scenicId: scenicScope(req),
          orderId: req.body.orderId,
          ticketIds: req.body.ticketIds,
          reason: req.body.reason,
          adminId: requireAuth(req).adminId,
        },
        req,
      );
      return ok(req, { refundIds: result.refunds.map((r) => r.id), refunded: result.refunded });
    },
  );

  app.post(
    '/web/api/admin/refund/markDone',
    {
      config: { access: perm('admin:order:refund') },
      schema: {
        tags: ['order'],
        summary: 'An online refund confirmed by hand (T21), or marked failed (T22, no status change)',
        body: RefundMarkDoneSchema,
        response: { 200: envelopeSchema(z.object({ refunded: z.array(z.number().int()) })) },
      },
    },
    async (req) => {
      const result = await markRefundDone(
        db,
        {
          scenicId: scenicScope(req),
          refundId: req.body.refundId,
          providerRefundId: req.body.providerRefundId,
          failed: req.body.failed,
        },
        req,
      );
      return ok(req, { refunded: result.refunded });
    },
  );

  app.get(
    '/order/countRefundApply',
    {
      // the navbar of every account asks; a distributor reviews no refunds, so it gets 0
      config: { access: { kind: 'login', distributor: 'own' } },
      schema: {
        tags: ['order'],
        summary:
          'Spec §7: open refund applications of the acting area (0 without admin:refundApply:page, 0 for distributors)',
        response: { 200: envelopeSchema(z.number().int()) },
      },
    },
    async (req) => {
      const auth = requireAuth(req);
      if (
        auth.scenicId == null ||
        ownerScope(req) != null ||
        !hasPermission(auth.permissions, 'admin:refundApply:page')
      )
        return ok(req, 0);
      return ok(req, await countPendingRefundRequests(db, auth.scenicId));
    },
  );

  app.post(
    '/api/open/refund/apply',
    {
      config: { access: CLIENT },
      schema: {
        tags: ['open'],
        summary: 'A sales channel asks for a refund of tickets of one of its orders (T15/T19)',
        description:
          'One application per ticket, fee frozen now. ticketIds: all tickets of the order that are ' +
          'unused or ticketed when left out. 409 when the product is non-refundable, the deadline has ' +
          'passed, a ticket passed a gate or already has an open application.',
        body: OpenRefundApplySchema,
        response: { 200: envelopeSchema(z.array(RefundRequestBriefSchema)) },
      },
    },
    async (req) => {
      const client = requireClient(req);
      const [order] = await db
        .select({ id: ticketOrders.id })
        .from(ticketOrders)
        .where(
          and(
            eq(ticketOrders.orderNo, req.body.orderNo),
            eq(ticketOrders.scenicId, client.scenicId),
            eq(ticketOrders.clientId, client.clientId),
          ),
        );
      if (!order) throw new AppError(404, 'recordNotFound');
      const tickets = await db
        .select({ id: orderTickets.id, status: orderTickets.status })
        .from(orderTickets)
        .where(eq(orderTickets.orderId, order.id));
      const own = new Set(tickets.map((t) => t.id));
      if (req.body.ticketIds?.some((id) => !own.has(id))) throw new AppError(404, 'recordNotFound');
      const ticketIds =
        req.body.ticketIds ??
        tickets
          .filter((t) => t.status === TICKET_STATUS.unused || t.status === TICKET_STATUS.ticketed)
          .map((t) => t.id);
      if (!ticketIds.length) throw new AppError(409, 'transitionNotAllowed');
      const created = await requestRefund(
        db,
        { scenicId: client.scenicId, ticketIds, reason: req.body.reason, requestedBy: client.clientId },
        req,
      );
      return ok(
        req,
        created.map((r) => ({
          id: r.id,
          ticketId: r.ticketId,
          status: r.status,
          ticketAmount: r.ticketAmount,
          fee: r.fee,
          refundAmount: r.refundAmount,
        })),
      );
    },
  );

  app.post(
    '/api/open/refund/withdraw',
    {
      config: { access: CLIENT },
      schema: {
        tags: ['open'],
        summary: 'A sales channel withdraws an open refund application of one of its orders (T18 → 204)',
        body: OpenRefundWithdrawSchema,
        response: { 200: okNull },
      },
    },
    async (req) => {
      const client = requireClient(req);
      await withdrawRefundRequest(
        db,
        { scenicId: client.scenicId, requestId: req.body.requestId, clientId: client.clientId },
        req,
      );
      return ok(req, null);
    },
  );
}
