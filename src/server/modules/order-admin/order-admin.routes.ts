import { asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema, pageResultSchema } from '../../../shared/api/common.ts';
import {
  OrderDetailSchema,
  OrderDistributionSchema,
  OrderIdSchema,
  OrderPageSchema,
  OrderProductOptionSchema,
  OrderRowSchema,
  OrderTotalsSchema,
  orderApi,
  type OrderRow,
} from '../../../shared/api/orders.ts';
import { dictLabel } from '../../../shared/dict/dict.ts';
import { PayStatus, PayWay, TicketStatus } from '../../../shared/dict/order.ts';
import { OrderField, OrderText } from '../../../shared/dict/order-fields.ts';
import { BuyChannel } from '../../../shared/dict/product.ts';
import { hasPermission } from '../../../shared/perms.ts';
import { ownerScope, perm, requireAuth, scenicScope } from '../../http/access.ts';
import { ok } from '../../http/envelope.ts';
import { sendXlsx, type ExportColumn } from '../../http/export.ts';
import { ticketProducts, ticketTypes } from '../products/index.ts';
import { countOrders, listOrders, orderTotals } from './order-admin.query.ts';
import { orderActionRoutes } from './order-actions.routes.ts';
import { orderDetail, orderDistribution } from './order-detail.ts';

// hand-registered (file): the order screens' reads (a page with its own query, totals, an .xlsx export, the detail views), not list resources

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
  { header: OrderField.ticketType, value: (r) => r.ticketTypeName },
  { header: OrderField.ticketCount, value: (r) => r.ticketCount, kind: 'number' },
  { header: OrderField.totalAmount, value: (r) => r.totalAmount, kind: 'money' },
  { header: OrderField.paidAmount, value: (r) => r.paidAmount, kind: 'money' },
  { header: OrderField.refundedAmount, value: (r) => r.refundedAmount, kind: 'money' },
  { header: OrderField.channel, value: (r, lang) => dictLabel(BuyChannel, r.channel, lang) },
  { header: OrderField.payWay, value: (r, lang) => (r.payWay ? dictLabel(PayWay, r.payWay, lang) : '') },
  { header: OrderField.payId, value: (r) => r.payId, kind: 'text', width: 32 },
  { header: OrderField.payStatus, value: (r, lang) => dictLabel(PayStatus, r.payStatus, lang) },
  { header: OrderField.status, value: (r, lang) => dictLabel(TicketStatus, r.status, lang) },
  { header: OrderField.buyerName, value: (r) => r.buyerName },
  { header: OrderField.buyerPhone, value: (r) => r.buyerPhone, kind: 'text' },
  { header: OrderField.buyerIdNumber, value: (r) => r.buyerIdNumber, kind: 'text', width: 20 },
  { header: OrderField.externalNo, value: (r) => r.externalNo, kind: 'text', width: 24 },
  { header: OrderField.paidTime, value: (r) => r.paidTime, kind: 'datetime', width: 20 },
];

/** docs/product.md §2 /ticket/order, detailPage and disOrderPage: staff views of ticket orders, and their actions. */
export async function orderAdminRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = root.ctx;

  app.post(
    orderApi.page,
    {
      config: { access: perm('admin:order:page', { distributor: 'own' }) },
      schema: {
        tags: ['orders'],
        summary: 'Ticket orders of the acting scenic area: filters of issue 6, newest first',
        description:
          'ordStartTime/ordEndTime: order time (ISO); subStartTime/subEndTime: visit days ("YYYY-MM-DD" or the ISO ends of whole days); ' +
          "ordTicketType: product type of any ticket; subTicketType: ticket category (ticket_types.id) of any ticket's product; ordPayId: provider transaction id of any payment; ordPayWay, ordIsPay, status; orderNo, phone (buyer) and idNumber (any visitor) match exactly.",
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
    orderApi.productOptions,
    {
      config: { access: perm('admin:order:page', { distributor: 'own' }) },
      schema: {
        tags: ['orders'],
        summary: 'Products of the area for the order filter: id, name, product type, ticket category',
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
            typeId: ticketProducts.typeId,
            typeName: sql<string>`coalesce(${ticketTypes.name}, '')`,
          })
          .from(ticketProducts)
          .leftJoin(ticketTypes, eq(ticketTypes.id, ticketProducts.typeId))
          .where(eq(ticketProducts.scenicId, scenicScope(req)))
          .orderBy(asc(ticketProducts.sort), asc(ticketProducts.id)),
      ),
  );

  app.post(
    orderApi.totals,
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
    orderApi.export,
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
    orderApi.query,
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
    async (req) =>
      ok(
        req,
        await orderDetail(db, scenicScope(req), req.query.id, {
          ownerId: ownerScope(req),
          showCodes: mayseeCodes(req),
        }),
      ),
  );

  app.get(
    orderApi.distribution,
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
    async (req) => ok(req, await orderDistribution(db, scenicScope(req), req.query.id, ownerScope(req))),
  );

  await orderActionRoutes(root);
}
