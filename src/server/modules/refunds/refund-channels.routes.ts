import { and, eq, isNull, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema } from '../../../shared/api/common.ts';
import { memberApi } from '../../../shared/api/member-api.ts';
import {
  OpenRefundApplySchema,
  OpenRefundWithdrawSchema,
  RefundRequestBriefSchema,
  openRefundApi,
} from '../../../shared/api/refunds.ts';
import { TICKET_STATUS } from '../../../shared/dict/order.ts';
import type { Db } from '../../db/client.ts';
import { MEMBER, SELLER } from '../../http/access.ts';
import { ok } from '../../http/envelope.ts';
import { AppError } from '../../http/errors.ts';
import { requireMember } from '../members/index.ts';
import { orderOwner, orderTickets, ticketOrders, type OrderOwner } from '../orders/index.ts';
import { requestRefund, withdrawRefundRequest } from './refunds.service.ts';

// hand-registered (file): a sales channel's or a member's refund calls (their own tokens), not staff actions

const okNull = envelopeSchema(z.null());

/**
 * The tickets a channel asks to refund: those named, all of one of its own orders (404 otherwise), or
 * the order's unused and ticketed ones when none are named; 409 when that leaves none.
 */
/** The order's tickets to refund: those named (each of the order), or all unused or ticketed ones. */
async function orderTicketIds(db: Db, orderId: number, wanted: number[] | undefined): Promise<number[]> {
  const tickets = await db
    .select({ id: orderTickets.id, status: orderTickets.status })
    .from(orderTickets)
    .where(eq(orderTickets.orderId, orderId));
  const own = new Set(tickets.map((t) => t.id));
  if (wanted?.some((id) => !own.has(id))) throw new AppError(404, 'recordNotFound');
  const ticketIds =
    wanted ??
    tickets
      .filter((t) => t.status === TICKET_STATUS.unused || t.status === TICKET_STATUS.ticketed)
      .map((t) => t.id);
  if (!ticketIds.length) throw new AppError(409, 'transitionNotAllowed');
  return ticketIds;
}

/** An order of this area by its number, when `where` owns it (404 otherwise, like a missing one). */
async function ownedOrderId(db: Db, scenicId: number, orderNo: string, where: SQL | undefined) {
  const [order] = await db
    .select({ id: ticketOrders.id })
    .from(ticketOrders)
    .where(and(eq(ticketOrders.orderNo, orderNo), eq(ticketOrders.scenicId, scenicId), where));
  if (!order) throw new AppError(404, 'recordNotFound');
  return order.id;
}

/** Tickets of an order the calling channel placed (for the mini-program: the calling member's). */
async function channelTickets(
  db: Db,
  client: OrderOwner,
  orderNo: string,
  wanted: number[] | undefined,
): Promise<number[]> {
  const owned = and(
    eq(ticketOrders.clientId, client.clientId),
    client.memberId == null ? isNull(ticketOrders.memberId) : eq(ticketOrders.memberId, client.memberId),
  );
  return orderTicketIds(db, await ownedOrderId(db, client.scenicId, orderNo, owned), wanted);
}

/** Tickets of one of the member's orders, whichever channel sold it. */
async function memberTickets(
  db: Db,
  member: { scenicId: number; memberId: number },
  orderNo: string,
  wanted: number[] | undefined,
): Promise<number[]> {
  const owned = eq(ticketOrders.memberId, member.memberId);
  return orderTicketIds(db, await ownedOrderId(db, member.scenicId, orderNo, owned), wanted);
}
const brief = (created: Awaited<ReturnType<typeof requestRefund>>) =>
  created.map((r) => ({
    id: r.id,
    ticketId: r.ticketId,
    status: r.status,
    ticketAmount: r.ticketAmount,
    fee: r.fee,
    refundAmount: r.refundAmount,
  }));

/** The channels' refund API and the member's: asking for a refund of an own order's tickets, withdrawing it. */
export async function refundChannelRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = root.ctx;

  app.post(
    openRefundApi.apply,
    {
      config: { access: SELLER },
      schema: {
        tags: ['open'],
        summary: 'A sales channel asks for a refund of tickets of one of its orders (T15/T19)',
        description:
          'One application per ticket, fee frozen now. ticketIds: all tickets of the order that are ' +
          'unused or ticketed when left out. 409 when the product is non-refundable, the deadline has ' +
          'passed, a ticket passed a gate or already has an open application. The mini-program names ' +
          'the member (X-Member-Token) and reaches only that member’s orders.',
        body: OpenRefundApplySchema,
        response: { 200: envelopeSchema(z.array(RefundRequestBriefSchema)) },
      },
    },
    async (req) => {
      const client = await orderOwner(db, req);
      const ticketIds = await channelTickets(db, client, req.body.orderNo, req.body.ticketIds);
      const created = await requestRefund(
        db,
        { scenicId: client.scenicId, ticketIds, reason: req.body.reason, requestedBy: client.clientId },
        req,
      );
      return ok(req, brief(created));
    },
  );

  app.post(
    memberApi.refundApply,
    {
      config: { access: MEMBER },
      schema: {
        tags: ['member'],
        summary:
          'The member asks for a refund of tickets of one of its own orders, whichever channel sold it (T15/T19); another member’s order is 404',
        body: OpenRefundApplySchema,
        response: { 200: envelopeSchema(z.array(RefundRequestBriefSchema)) },
      },
    },
    async (req) => {
      const { scenicId, memberId } = await requireMember(db, req);
      const ticketIds = await memberTickets(db, { scenicId, memberId }, req.body.orderNo, req.body.ticketIds);
      const created = await requestRefund(
        db,
        { scenicId, ticketIds, reason: req.body.reason, requestedBy: `member:${memberId}` },
        req,
      );
      return ok(req, brief(created));
    },
  );

  app.post(
    openRefundApi.withdraw,
    {
      config: { access: SELLER },
      schema: {
        tags: ['open'],
        summary: 'A sales channel withdraws an open refund application of one of its orders (T18 → 204)',
        body: OpenRefundWithdrawSchema,
        response: { 200: okNull },
      },
    },
    async (req) => {
      const client = await orderOwner(db, req);
      await withdrawRefundRequest(
        db,
        {
          scenicId: client.scenicId,
          requestId: req.body.requestId,
          clientId: client.clientId,
          memberId: client.memberId,
        },
        req,
      );
      return ok(req, null);
    },
  );
}
