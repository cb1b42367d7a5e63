import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema } from '../../../shared/api/common.ts';
import {
  OrderIdSchema,
  OrderIssueSchema,
  OrderPrintSchema,
  OrderNoticeSchema,
  OrderVoidSchema,
  orderApi,
  type OrderNotice,
  type OrderPrint,
} from '../../../shared/api/orders.ts';
import { OrderText } from '../../../shared/dict/order-fields.ts';
import type { Db } from '../../db/client.ts';
import { perm, requireAuth, scenicScope } from '../../http/access.ts';
import { ok } from '../../http/envelope.ts';
import { notFound } from '../../http/errors.ts';
import { writeAudit } from '../audit/index.ts';
import { actorOf, cancelOrder, issueTickets, voidTickets } from '../orders/index.ts';
import { scenicAreas } from '../scenic/index.ts';
import { findOrder } from './order-admin.query.ts';
import { printData } from './order-print.ts';

const ActionResultSchema = z.object({
  id: z.number().int(),
  status: z.number().int().describe('the order’s summary TicketStatus after the action'),
  ticketIds: z.array(z.number().int()),
});

/** The print data of an order's tickets again (a reprint), recorded in the audit log. */
async function reprint(
  db: Db,
  req: FastifyRequest,
  scenicId: number,
  orderId: number,
  ticketIds: number[] | undefined,
): Promise<OrderPrint> {
  const data = await printData(db, scenicId, orderId, ticketIds);
  const printed = data.groups.flatMap((g) => g.tickets.map((x) => x.ticketId));
  await writeAudit(db, req, {
    module: 'orders',
    action: 'reprint',
    targetType: 'ticketOrder',
    targetId: (await findOrder(db, scenicId, orderId))?.orderNo ?? orderId,
    after: { ticketIds: printed },
  });
  return data;
}

/** The order notice as it would go to the buyer's phone; there is no SMS module yet: audited, not sent. */
async function resendNotice(
  db: Db,
  req: FastifyRequest,
  scenicId: number,
  orderId: number,
): Promise<OrderNotice> {
  const order = await findOrder(db, scenicId, orderId);
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
  return notice;
}

/**
 * Staff actions on an order of the acting area (docs/domain.md transitions, through the orders service:
 * one transaction each, with its audit row). 409 when a ticket's status does not allow it.
 */
export async function orderActionRoutes(root: FastifyInstance, db: Db = root.ctx.db) {
  const app = root.withTypeProvider<ZodTypeProvider>();

  // hand-registered: not yet an action (issue 29), a staff write still to convert
  app.post(
    orderApi.cancel,
    {
      config: { access: perm('admin:order:update') },
      schema: {
        tags: ['orders'],
        summary: 'Cancel an unpaid order (T5 by staff): tickets 103, stock and seats released',
        description: '409 when the order is paid (paid orders go through a staff refund) or already closed.',
        body: OrderIdSchema,
        response: { 200: envelopeSchema(ActionResultSchema) },
      },
    },
    async (req) => {
      const scenicId = scenicScope(req);
      const order = await cancelOrder(db, {
        scenicId,
        orderId: req.body.id,
        by: 'staff',
        adminId: requireAuth(req).adminId,
        actor: actorOf(req),
      });
      return ok(req, { id: order.id, status: order.status, ticketIds: [] });
    },
  );

  // hand-registered: not yet an action (issue 29), a staff write still to convert
  app.post(
    orderApi.issue,
    {
      config: { access: perm('admin:order:update') },
      schema: {
        tags: ['orders'],
        summary: 'Issue (print) tickets (T8): unused → ticketed; ticketed ones count a reprint',
        description:
          'All tickets of the order, or `ticketIds`. Answers the print data of those tickets grouped by the print template of their product (the area’s default when none) for the console to print.',
        body: OrderIssueSchema,
        response: { 200: envelopeSchema(OrderPrintSchema) },
      },
    },
    async (req) => {
      const scenicId = scenicScope(req);
      const tickets = await issueTickets(db, {
        scenicId,
        orderId: req.body.id,
        ...(req.body.ticketIds ? { ticketIds: req.body.ticketIds } : {}),
        adminId: requireAuth(req).adminId,
        actor: actorOf(req),
      });
      return ok(
        req,
        await printData(
          db,
          scenicId,
          req.body.id,
          tickets.map((t) => t.id),
        ),
      );
    },
  );

  // hand-registered: not yet an action (issue 29), a staff write still to convert
  app.post(
    orderApi.void,
    {
      config: { access: perm('admin:order:update') },
      schema: {
        tags: ['orders'],
        summary: 'Void tickets without refund (T23) with a reason: code revoked, future stock released',
        description: '409 when a ticket was used at a gate or is not unused, ticketed or expired.',
        body: OrderVoidSchema,
        response: { 200: envelopeSchema(ActionResultSchema) },
      },
    },
    async (req) => {
      const scenicId = scenicScope(req);
      const tickets = await voidTickets(db, {
        scenicId,
        orderId: req.body.id,
        ticketIds: req.body.ticketIds,
        reason: req.body.reason,
        adminId: requireAuth(req).adminId,
        actor: actorOf(req),
      });
      const order = await findOrder(db, scenicId, req.body.id);
      return ok(req, { id: req.body.id, status: order?.status ?? 0, ticketIds: tickets.map((t) => t.id) });
    },
  );

  // hand-registered: not yet an action (issue 29), a staff write still to convert
  app.post(
    orderApi.printData,
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
    async (req) => ok(req, await reprint(db, req, scenicScope(req), req.body.id, req.body.ticketIds)),
  );

  // hand-registered: not yet an action (issue 29), a staff write still to convert
  app.post(
    orderApi.resendNotice,
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
    async (req) => ok(req, await resendNotice(db, req, scenicScope(req), req.body.id)),
  );
}
