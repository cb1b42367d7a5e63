import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema } from '../../../shared/api/common.ts';
import { memberApi } from '../../../shared/api/member-api.ts';
import { OpenOrderSchema, OrderNoSchema } from '../../../shared/api/selling.ts';
import type { Db } from '../../db/client.ts';
import { MEMBER } from '../../http/access.ts';
import { ok } from '../../http/envelope.ts';
import { AppError } from '../../http/errors.ts';
import {
  cancelAsCustomer,
  settlePaymentsBeforeCancel,
  findOrderByNo,
  openOrderOf,
  orderTicketsOf,
  type OrderRecord,
} from '../orders/index.ts';
import { requireMember } from './member-session.service.ts';

// hand-registered (file): the member's calls from the mini-program (its own token), not staff actions

/** One of the calling member's orders in its area (another member's answers 404, like a missing one). */
async function memberOrder(db: Db, owner: { scenicId: number; memberId: number }, orderNo: string) {
  const order: OrderRecord | null = await findOrderByNo(db, owner.scenicId, orderNo);
  if (!order || order.memberId !== owner.memberId) throw new AppError(404, 'orderNotFound');
  return order;
}

/**
 * The member API's own order calls (docs/api.md "Member API"): the mini-program shows, cancels
 * (T4) and asks to refund (refunds module) only the signed-in member's orders.
 */
export async function memberOrderRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = root.ctx;
  const tags = ['member'];
  const headers = z.object({
    'x-scenic-id': z.string().describe('The scenic area (required)'),
    // checked by requireMember: 401 memberTokenRequired without it, as on the other member calls
    'x-member-token': z.string().optional().describe('The member token from login (required)'),
  });

  app.get(
    memberApi.orderDetail,
    {
      config: { access: MEMBER },
      schema: {
        tags,
        summary:
          'One of the member’s ticket orders with its tickets (codes once paid); another member’s is 404',
        headers,
        querystring: OrderNoSchema,
        response: { 200: envelopeSchema(OpenOrderSchema) },
      },
    },
    async (req) => {
      const order = await memberOrder(db, await requireMember(db, req), req.query.orderNo);
      return ok(req, openOrderOf(order, await orderTicketsOf(db, order.id)));
    },
  );

  app.post(
    memberApi.orderCancel,
    {
      config: { access: MEMBER },
      schema: {
        tags,
        summary:
          'Cancel one of the member’s unpaid orders (T4: stock and coupon released); a paid order is refunded through refundApply (409 here)',
        headers,
        body: OrderNoSchema,
        response: { 200: envelopeSchema(OpenOrderSchema) },
      },
    },
    async (req) => {
      const owner = await requireMember(db, req);
      // the member's own order (404 otherwise); a payment in flight is settled or closed first
      await memberOrder(db, owner, req.body.orderNo);
      await settlePaymentsBeforeCancel(db, owner.scenicId, { orderNo: req.body.orderNo });
      const data = await db.transaction(async (tx) => {
        const order = await memberOrder(tx, owner, req.body.orderNo);
        return cancelAsCustomer(tx, owner.scenicId, order.id, req);
      });
      return ok(req, data);
    },
  );
}
