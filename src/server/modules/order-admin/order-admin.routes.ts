import { and, asc, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema, pageResultSchema } from '../../../shared/api/common.ts';
import {
  OrderDetailSchema,
  OrderDistributionSchema,
  OrderIdSchema,
  OrderIssueSchema,
  OrderNoticeSchema,
  OrderPageSchema,
  OrderProductOptionSchema,
  OrderPrintSchema,
  OrderRowSchema,
  OrderTotalsSchema,
  type OrderDetail,
  type OrderRow,
} from '../../../shared/api/orders.ts';
import { dictLabel } from '../../../shared/dict/dict.ts';
import { PayStatus, PayWay, TICKET_STATUS, TicketStatus } from '../../../shared/dict/order.ts';
import { OrderField, OrderText } from '../../../shared/dict/order-fields.ts';
import { BuyChannel } from '../../../shared/dict/ticket.ts';
import { hasPermission } from '../../../shared/perms.ts';
import type { Db } from '../../db/client.ts';
import type { AuditTargetCode } from '../../../shared/dict/audit.ts';
import { ownerScope, perm, requireAuth, scenicScope } from '../../http/access.ts';
import { ok } from '../../http/envelope.ts';
import { notFound } from '../../http/errors.ts';
import { sendXlsx, type ExportColumn } from '../../http/export.ts';
import { admins } from '../accounts/index.ts';
import { auditLogs, writeAudit } from '../audit/index.ts';
import { gates } from '../gates/index.ts';
import { orderTickets, payments } from '../orders/index.ts';
import { gateEvents } from '../checkin/index.ts';
import { refundRequests, refunds } from '../refunds/index.ts';
import { productSessions, ticketProducts } from '../products/index.ts';
import { scenicAreas } from '../scenic/index.ts';
import { countOrders, findOrder, listOrders, orderTotals } from './order-admin.query.ts';
import { orderActionRoutes } from './order-actions.routes.ts';
import { printData } from './order-print.ts';

const BASE = '/web/api/admin/order';

/**
 * The audit trail of an order: rows whose target is the order (by id or order number: the orders
 * service names it by number), one of its refund requests or refunds (src/shared/dict/audit.ts).
 */
const auditTarget = (target: AuditTargetCode, ids: string[]) =>
  ids.length ? and(eq(auditLogs.targetType, target), inArray(auditLogs.targetId, ids)) : undefined;

const iso = (d: Date | null | undefined) => d?.toISOString() ?? null;

/** Ticket codes (the QR secret) only for those who may act on the order. */
const mayseeCodes = (req: FastifyRequest) =>
  hasPermission(requireAuth(req).permissions, 'admin:order:update');

const ORDER_EXPORT: ExportColumn<OrderRow>[] = [
  { header: OrderField.orderNo, value: (r) => r.orderNo, kind: 'text', width: 24 },
  { header: OrderField.createTime, value: (r) => r.createTime, kind: 'datetime', width: 20 },
  { header: OrderField.visitDate, value: (r) => r.visitDate, kind: 'text', width: 12 },
  {
    header: OrderField.product,
    value: (r, lang) =>
      r.productCount > 1
        ? `${r.productName}${OrderText.moreProducts[lang].replace('{n}', String(r.productCount - 1))}`
        : r.productName,
    width: 28,
  },
  { header: OrderField.ticketCount, value: (r) => r.ticketCount, kind: 'number' },
  { header: OrderField.totalAmount, value: (r) => r.totalAmount, kind: 'money' },
  { header: OrderField.paidAmount, value: (r) => r.paidAmount, kind: 'money' },
  { header: OrderField.refundedAmount, value: (r) => r.refundedAmount, kind: 'money' },
  { header: OrderField.channel, value: (r, lang) => dictLabel(BuyChannel, r.channel, lang) },
  { header: OrderField.payWay, value: (r, lang) => (r.payWay ? dictLabel(PayWay, r.payWay, lang) : '') },
  { header: OrderField.payStatus, value: (r, lang) => dictLabel(PayStatus, r.payStatus, lang) },
  { header: OrderField.status, value: (r, lang) => dictLabel(TicketStatus, r.status, lang) },
  { header: OrderField.buyerName, value: (r) => r.buyerName },
  { header: OrderField.buyerPhone, value: (r) => r.buyerPhone, kind: 'text' },
  { header: OrderField.buyerIdNumber, value: (r) => r.buyerIdNumber, kind: 'text', width: 20 },
  { header: OrderField.externalNo, value: (r) => r.externalNo, kind: 'text', width: 24 },
  { header: OrderField.paidTime, value: (r) => r.paidTime, kind: 'datetime', width: 20 },
];

async function orderDetail(db: Db, req: FastifyRequest, scenicId: number, id: number): Promise<OrderDetail> {
  const order = await findOrder(db, scenicId, id, ownerScope(req));
  if (!order) throw notFound('recordNotFound');
  const showCodes = mayseeCodes(req);
  const [tickets, pays, backs, requests, admin] = await Promise.all([
    db
      .select({
        t: orderTickets,
        productName: ticketProducts.name,
        sessionName: productSessions.name,
      })
      .from(orderTickets)
      .innerJoin(ticketProducts, eq(ticketProducts.id, orderTickets.productId))
      .leftJoin(productSessions, eq(productSessions.id, orderTickets.sessionId))
      .where(and(eq(orderTickets.orderId, id), eq(orderTickets.scenicId, scenicId)))
      .orderBy(asc(orderTickets.id)),
    db
      .select()
      .from(payments)
      .where(and(eq(payments.orderId, id), eq(payments.scenicId, scenicId)))
      .orderBy(asc(payments.id)),
    db
      .select()
      .from(refunds)
      .where(and(eq(refunds.orderId, id), eq(refunds.scenicId, scenicId)))
      .orderBy(asc(refunds.id)),
    db
      .select()
      .from(refundRequests)
      .where(and(eq(refundRequests.orderId, id), eq(refundRequests.scenicId, scenicId)))
      .orderBy(asc(refundRequests.id)),
    order.adminId
      ? db
          .select({ username: admins.username, nickname: admins.nickname })
          .from(admins)
          .where(eq(admins.id, order.adminId))
      : Promise.resolve([]),
  ]);
  const ticketIds = tickets.map((x) => x.t.id);
  const [events, audit] = await Promise.all([
    ticketIds.length
      ? db
          .select({ e: gateEvents, gateName: gates.name })
          .from(gateEvents)
          .leftJoin(gates, eq(gates.id, gateEvents.gateId))
          .where(and(inArray(gateEvents.ticketId, ticketIds), eq(gateEvents.scenicId, scenicId)))
          .orderBy(desc(gateEvents.scannedAt), desc(gateEvents.id))
          .limit(500)
      : Promise.resolve([]),
    db
      .select()
      .from(auditLogs)
      .where(
        and(
          eq(auditLogs.scenicId, scenicId),
          or(
            auditTarget('ticketOrder', [String(id), order.orderNo]),
            auditTarget(
              'refundRequest',
              requests.map((r) => String(r.id)),
            ),
            auditTarget(
              'refund',
              backs.map((r) => String(r.id)),
            ),
          ),
        ),
      )
      .orderBy(desc(auditLogs.createdAt), desc(auditLogs.id))
      .limit(200),
  ]);
  const [first] = tickets;
  const products = new Set(tickets.map((x) => x.t.productId));
  return {
    order: {
      id: order.id,
      orderNo: order.orderNo,
      channel: order.channel,
      clientId: order.clientId,
      externalNo: order.externalNo,
      productName: first?.productName ?? '',
      productCount: products.size,
      ticketCount: order.ticketCount,
      visitDate: order.visitDate,
      totalAmount: order.totalAmount,
      paidAmount: order.paidAmount,
      refundedAmount: order.refundedAmount,
      payWay: order.payWay,
      payStatus: order.payStatus,
      status: order.status,
      buyerName: order.buyerName,
      buyerPhone: order.buyerPhone,
      buyerIdNumber: order.buyerIdNumber,
      createTime: order.createdAt.toISOString(),
      paidTime: iso(order.paidAt),
      remark: order.remark,
      expiresTime: iso(order.expiresAt),
      cancelledTime: iso(order.cancelledAt),
      adminId: order.adminId,
      adminName: admin[0] ? admin[0].nickname || admin[0].username : null,
    },
    tickets: tickets.map(({ t, productName, sessionName }) => ({
      id: t.id,
      productId: t.productId,
      productName,
      productType: t.productType,
      sessionName,
      seatLabel: t.seatLabel,
      visitDate: t.visitDate,
      validFrom: t.validFrom.toISOString(),
      validUntil: t.validUntil.toISOString(),
      price: t.price,
      visitorName: t.visitorName,
      visitorIdNumber: t.visitorIdNumber,
      visitorPhone: t.visitorPhone,
      status: t.status,
      code: showCodes ? t.code : null,
      codeHidden: !showCodes,
      entriesLeft: t.entriesLeft,
      entryCount: t.entryCount,
      firstEntryTime: iso(t.firstEntryAt),
      printCount: t.printCount,
    })),
    payments: pays.map((p) => ({
      id: p.id,
      payWay: p.payWay,
      provider: p.provider,
      providerTxnId: p.providerTxnId,
      amount: p.amount,
      refundedAmount: p.refundedAmount,
      status: p.status,
      createTime: p.createdAt.toISOString(),
      confirmedTime: iso(p.confirmedAt),
    })),
    refunds: backs.map((r) => ({
      id: r.id,
      paymentId: r.paymentId,
      refundRequestId: r.refundRequestId,
      ticketIds: r.ticketIds,
      amount: r.amount,
      status: r.status,
      providerRefundId: r.providerRefundId,
      reason: r.reason,
      createTime: r.createdAt.toISOString(),
      doneTime: iso(r.doneAt),
    })),
    refundRequests: requests.map((r) => ({
      id: r.id,
      ticketId: r.ticketId,
      status: r.status,
      statusBeforeRefund: r.statusBeforeRefund,
      ticketAmount: r.ticketAmount,
      fee: r.fee,
      refundAmount: r.refundAmount,
      reason: r.reason,
      requestedBy: r.requestedBy,
      rejectReason: r.rejectReason,
      createTime: r.createdAt.toISOString(),
      reviewedTime: iso(r.reviewedAt),
    })),
    gateEvents: events.map(({ e, gateName }) => ({
      id: e.id,
      ticketId: e.ticketId,
      gateId: e.gateId,
      gateName: gateName ?? '',
      deviceId: e.deviceId,
      direction: e.direction,
      result: e.result,
      offline: e.offline,
      forced: e.forced,
      scanTime: e.scannedAt.toISOString(),
    })),
    audit: audit.map((a) => ({
      id: a.id,
      username: a.username,
      module: a.module,
      action: a.action,
      targetType: a.targetType,
      before: a.before ?? null,
      after: a.after ?? null,
      createTime: a.createdAt.toISOString(),
    })),
  };
}

/** Spec §2 /ticket/order, detailPage and disOrderPage: staff views of ticket orders, and their actions. */
export async function orderAdminRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = root.ctx;

  app.post(
    `${BASE}/page`,
    {
      config: { access: perm('admin:order:page', { distributor: 'own' }) },
      schema: {
        tags: ['orders'],
        summary: 'Ticket orders of the acting scenic area: filters of issue 6, newest first',
        description:
          'ordStartTime/ordEndTime: order time (ISO); subStartTime/subEndTime: visit days ("YYYY-MM-DD" or the ISO ends of whole days); ' +
          'ordTicketType: product type of any ticket; ordPayWay, ordIsPay, status; orderNo, phone (buyer) and idNumber (any visitor) match exactly.',
        body: OrderPageSchema,
        response: { 200: envelopeSchema(pageResultSchema(OrderRowSchema)) },
      },
    },
    async (req) => {
      const q = req.body;
      const scenicId = scenicScope(req);
      const ownerId = ownerScope(req);
      const [rows, total] = await Promise.all([
        listOrders(db, scenicId, q, (q.page - 1) * q.limit, q.limit, ownerId),
        countOrders(db, scenicId, q, ownerId),
      ]);
      return ok(req, { rows, total });
    },
  );

  app.get(
    `${BASE}/productOptions`,
    {
      config: { access: perm('admin:order:page', { distributor: 'own' }) },
      schema: {
        tags: ['orders'],
        summary: 'Products of the area for the order filter: id, name, product type',
        response: { 200: envelopeSchema(z.array(OrderProductOptionSchema)) },
      },
    },
    async (req) =>
      ok(
        req,
        await db
          .select({
            id: ticketProducts.id,
            name: ticketProducts.name,
            productType: ticketProducts.productType,
          })
          .from(ticketProducts)
          .where(eq(ticketProducts.scenicId, scenicScope(req)))
          .orderBy(asc(ticketProducts.sort), asc(ticketProducts.id)),
      ),
  );

  app.post(
    `${BASE}/totals`,
    {
      config: { access: perm('admin:order:page', { distributor: 'own' }) },
      schema: {
        tags: ['orders'],
        summary: 'Count and amounts (total, paid, refunded; cents) of the filtered orders',
        description: 'The same body and filter as /page; paging and sort are ignored.',
        body: OrderPageSchema,
        response: { 200: envelopeSchema(OrderTotalsSchema) },
      },
    },
    async (req) => ok(req, await orderTotals(db, scenicScope(req), req.body, ownerScope(req))),
  );

  app.post(
    `${BASE}/export`,
    {
      config: { access: perm('admin:order:page', { distributor: 'own' }) },
      schema: {
        tags: ['orders'],
        summary: 'The filtered orders (all pages) as an .xlsx download',
        body: OrderPageSchema,
      },
    },
    async (req, reply) => {
      const q = req.body;
      const scenicId = scenicScope(req);
      const ownerId = ownerScope(req);
      return sendXlsx(req, reply, {
        fileName: OrderText.exportName,
        columns: ORDER_EXPORT,
        fetch: (offset, limit) => listOrders(db, scenicId, q, offset, limit, ownerId),
      });
    },
  );

  app.get(
    `${BASE}/query`,
    {
      config: { access: perm('admin:order:page', { distributor: 'own' }) },
      schema: {
        tags: ['orders'],
        summary: 'An order with its tickets, payments, refunds, refund requests, gate events and audit trail',
        description:
          'Ticket codes (the QR secret) are returned only to holders of admin:order:update; otherwise code is null and codeHidden true.',
        querystring: OrderIdSchema,
        response: { 200: envelopeSchema(OrderDetailSchema) },
      },
    },
    async (req) => ok(req, await orderDetail(db, req, scenicScope(req), req.query.id)),
  );

  app.post(
    `${BASE}/printData`,
    {
      config: { access: perm('admin:order:update') },
      schema: {
        tags: ['orders'],
        summary:
          'Print data of the order’s issued/unused tickets with their product’s print template (reprint)',
        description: 'Each call is recorded in the audit log (action reprint).',
        body: OrderIssueSchema,
        response: { 200: envelopeSchema(OrderPrintSchema) },
      },
    },
    async (req) => {
      const scenicId = scenicScope(req);
      const data = await printData(db, scenicId, req.body.id, req.body.ticketIds);
      const printed = data.groups.flatMap((g) => g.tickets.map((x) => x.ticketId));
      await writeAudit(db, req, {
        module: 'orders',
        action: 'reprint',
        targetType: 'ticketOrder',
        targetId: (await findOrder(db, scenicId, req.body.id))?.orderNo ?? req.body.id,
        after: { ticketIds: printed },
      });
      return ok(req, data);
    },
  );

  app.post(
    `${BASE}/resendNotice`,
    {
      config: { access: perm('admin:order:update') },
      schema: {
        tags: ['orders'],
        summary: 'Resend the order notice to the buyer’s phone',
        description:
          'There is no SMS module yet: the resend is recorded in the audit log and the answer says what would be sent (sent = false).',
        body: OrderIdSchema,
        response: { 200: envelopeSchema(OrderNoticeSchema) },
      },
    },
    async (req) => {
      const scenicId = scenicScope(req);
      const order = await findOrder(db, scenicId, req.body.id);
      if (!order) throw notFound('recordNotFound');
      const [area] = await db
        .select({ name: scenicAreas.name })
        .from(scenicAreas)
        .where(eq(scenicAreas.id, scenicId));
      const text = OrderText.notice[req.lang]
        .replace('{area}', area?.name ?? '')
        .replace('{orderNo}', order.orderNo)
        .replace('{count}', String(order.ticketCount))
        .replace('{visitDate}', order.visitDate);
      const notice = { channel: 'sms' as const, phone: order.buyerPhone, text, sent: false };
      await writeAudit(db, req, {
        module: 'orders',
        action: 'resendNotice',
        targetType: 'ticketOrder',
        targetId: order.orderNo,
        after: notice,
      });
      return ok(req, notice);
    },
  );

  app.get(
    `${BASE}/distribution`,
    {
      config: { access: perm('admin:order:page', { distributor: 'own' }) },
      schema: {
        tags: ['orders'],
        summary:
          'Distribution view of an order: channel, client, distributor account, external number, settlement',
        description:
          'dueAmount = paid − refunded (no commission model yet); settlement batches do not exist yet: settledTickets counts tickets in status 405.',
        querystring: OrderIdSchema,
        response: { 200: envelopeSchema(OrderDistributionSchema) },
      },
    },
    async (req) => {
      const scenicId = scenicScope(req);
      const order = await findOrder(db, scenicId, req.query.id, ownerScope(req));
      if (!order) throw notFound('recordNotFound');
      const [[distributor], [settled]] = await Promise.all([
        order.adminId
          ? db
              .select({
                id: admins.id,
                username: admins.username,
                nickname: admins.nickname,
                admType: admins.admType,
                payType: admins.payType,
              })
              .from(admins)
              .where(eq(admins.id, order.adminId))
          : Promise.resolve([]),
        db
          .select({ n: sql<number>`count(*)::int` })
          .from(orderTickets)
          .where(and(eq(orderTickets.orderId, order.id), eq(orderTickets.status, TICKET_STATUS.settled))),
      ]);
      return ok(req, {
        id: order.id,
        orderNo: order.orderNo,
        channel: order.channel,
        clientId: order.clientId,
        externalNo: order.externalNo,
        distributor: distributor ?? null,
        payWay: order.payWay,
        payStatus: order.payStatus,
        status: order.status,
        ticketCount: order.ticketCount,
        totalAmount: order.totalAmount,
        paidAmount: order.paidAmount,
        refundedAmount: order.refundedAmount,
        dueAmount: order.paidAmount - order.refundedAmount,
        settledTickets: settled?.n ?? 0,
        createTime: order.createdAt.toISOString(),
        paidTime: iso(order.paidAt),
      });
    },
  );

  await orderActionRoutes(root);
}
