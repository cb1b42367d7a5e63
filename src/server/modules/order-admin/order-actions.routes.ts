import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema } from '../../../shared/api/common.ts';
import {
  OrderIdSchema,
  OrderIssueSchema,
  OrderPrintSchema,
  OrderVoidSchema,
} from '../../../shared/api/orders.ts';
import type { Db } from '../../db/client.ts';
import { perm, requireAuth, scenicScope } from '../../http/access.ts';
import { ok } from '../../http/envelope.ts';
import { actorOf, cancelOrder, issueTickets, voidTickets } from '../orders/index.ts';
import { findOrder } from './order-admin.query.ts';
import { printData } from './order-print.ts';

const BASE = '/web/api/admin/order';

const ActionResultSchema = z.object({
  id: z.number().int(),
  status: z.number().int().describe('the order’s summary TicketStatus after the action'),
  ticketIds: z.array(z.number().int()),
});

/**
 * Staff actions on an order of the acting area (domain.md transitions, through the orders service:
 * one transaction each, with its audit row). 409 when a ticket's status does not allow it.
 */
export async function orderActionRoutes(root: FastifyInstance, db: Db = root.ctx.db) {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.post(
    `${BASE}/cancel`,
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

  app.post(
    `${BASE}/issue`,
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

  app.post(
    `${BASE}/void`,
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
}
