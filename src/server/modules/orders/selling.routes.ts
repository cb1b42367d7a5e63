import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema } from '../../../shared/api/common.ts';
import {
  CreateOrderSchema,
  OpenOrderSchema,
  OrderNoSchema,
  PayOrderSchema,
  PayResultSchema,
  SellableQuerySchema,
  SellableSchema,
  openApi,
  openOrderApi,
  type OpenOrder,
} from '../../../shared/api/selling.ts';
import { TICKET_STATUS as S, type PayWayCode } from '../../../shared/dict/order.ts';
import type { Db } from '../../db/client.ts';
import { SELLER } from '../../http/access.ts';
import { ok } from '../../http/envelope.ts';
import { AppError } from '../../http/errors.ts';
import { checkProductsSold, orderOwner, ownsOrder, sellingParty, type OrderOwner } from './channels.ts';
import { withIdempotency } from './idempotency.ts';
import { checkReportable, settlePaymentsBeforeCancel } from './providers/index.ts';
import { sellableOn } from './sellable.ts';
import {
  actorOf,
  cancelOrder,
  confirmPayment,
  findOrderByNo,
  orderTicketsOf,
  placeOrder,
  type OrderRecord,
  type TicketRecord,
} from './orders.service.ts';

// hand-registered (file): a sales channel's calls (its own client token), not staff actions

const REPORT_PAYMENT =
  'Report a payment taken outside the system: cash, POS, on account, a settlement (T3; late: T6 or automatic refund, T7). Deduplicated by providerTxnId. WeChat Pay and Alipay go through /api/open/pay/prepay (400 here).';

/** Tickets whose secret a channel may hand to the visitor */
const CODE_VISIBLE: readonly number[] = [S.unused, S.ticketed, S.entered, S.left, S.inUse];

export function openOrderOf(order: OrderRecord, tickets: readonly TicketRecord[]): OpenOrder {
  return {
    orderNo: order.orderNo,
    externalNo: order.externalNo,
    status: order.status,
    payStatus: order.payStatus,
    originalAmount: order.originalAmount,
    levelDiscount: order.levelDiscount,
    couponDiscount: order.couponDiscount,
    totalAmount: order.totalAmount,
    paidAmount: order.paidAmount,
    refundedAmount: order.refundedAmount,
    visitDate: order.visitDate,
    departureId: order.departureId,
    expiresAt: order.expiresAt?.toISOString() ?? null,
    createTime: order.createdAt.toISOString(),
    tickets: tickets.map((t) => ({
      id: t.id,
      productId: t.productId,
      productType: t.productType,
      visitDate: t.visitDate,
      departureId: t.departureId,
      sessionId: t.sessionId,
      periodId: t.periodId,
      showId: t.showId,
      seatLabel: t.seatLabel,
      validFrom: t.validFrom.toISOString(),
      validUntil: t.validUntil.toISOString(),
      price: t.price,
      status: t.status,
      visitorName: t.visitorName,
      code: CODE_VISIBLE.includes(t.status) ? t.code : null,
    })),
  };
}

/**
 * An order of this area placed by this client, and for the mini-program by the calling member (404
 * otherwise: other channels' and other members' orders are invisible).
 */
export async function ownOrder(db: Db, owner: OrderOwner, orderNo: string): Promise<OrderRecord> {
  const order = await findOrderByNo(db, owner.scenicId, orderNo);
  if (!order || !ownsOrder(owner, order)) throw new AppError(404, 'orderNotFound');
  return order;
}

/** T4 by the customer (a channel or a member), in the caller's transaction: the order as the selling API shows it. */
export async function cancelAsCustomer(
  tx: Db,
  scenicId: number,
  orderId: number,
  req: FastifyRequest,
): Promise<OpenOrder> {
  const cancelled = await cancelOrder(tx, { scenicId, orderId, by: 'customer', actor: actorOf(req) });
  return openOrderOf(cancelled, await orderTicketsOf(tx, orderId));
}

/**
 * Before a channel cancels its own unpaid order (T4), outside the cancel's transaction: 404 for
 * anyone else's order; its payments in flight at an online provider are settled or closed first.
 */
async function settleBeforeOwnCancel(db: Db, owner: OrderOwner, orderNo: string): Promise<void> {
  await ownOrder(db, owner, orderNo);
  await settlePaymentsBeforeCancel(db, owner.scenicId, { orderNo });
}

/**
 * The selling API of sales channels (OTAs, distributors, the mini-program, self-service machines):
 * client_credentials tokens, the scenic area in X-Scenic-Id. docs/api.md "Selling API".
 */
export async function sellingRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = root.ctx;
  const tags = ['selling'];
  const headers = z.object({
    'x-scenic-id': z.string().describe('The scenic area the call acts in (required)'),
    'idempotency-key': z.string().describe('Required: the same key and body answer the same'),
    'x-member-token': z
      .string()
      .optional()
      .describe('The member buying (member API login): level discount, memberCouponId, pay way 9'),
  });

  app.post(
    openOrderApi.create,
    {
      config: { access: SELLER },
      schema: {
        tags,
        summary: 'Place an order (T1; T2 with payNow or a total of 0). Idempotency-Key required.',
        headers,
        body: CreateOrderSchema,
        response: { 200: envelopeSchema(OpenOrderSchema) },
      },
    },
    async (req) => {
      const { clientId, scenicId, channel, adminId, products } = await sellingParty(db, req);
      const body = req.body;
      // a window's or machine's own client sells what its profile lists (/terminal/windManage)
      checkProductsSold(products, body.lines);
      const { memberId } = await orderOwner(db, req);
      if (memberId == null && body.memberCouponId != null) throw new AppError(400, 'couponNeedsMember');
      const data = await withIdempotency(db, req, async (tx) => {
        const { order, tickets } = await placeOrder(tx, {
          scenicId,
          channel,
          clientId,
          adminId,
          externalNo: body.externalNo,
          buyer: body.buyer,
          lines: body.lines,
          payNow: body.payNow ? { payWay: body.payNow.payWay as PayWayCode } : undefined,
          remark: body.remark,
          member: memberId != null ? { memberId, memberCouponId: body.memberCouponId } : undefined,
          actor: actorOf(req),
        });
        return openOrderOf(order, tickets);
      });
      return ok(req, data);
    },
  );

  app.post(
    openOrderApi.pay,
    {
      config: { access: SELLER },
      schema: {
        tags,
        summary: REPORT_PAYMENT,
        headers,
        body: PayOrderSchema,
        response: { 200: envelopeSchema(PayResultSchema) },
      },
    },
    async (req) => {
      const owner = await orderOwner(db, req);
      const { scenicId } = owner;
      const body = req.body;
      checkReportable(body.payWay, body.provider);
      const data = await withIdempotency(db, req, async (tx) => {
        await ownOrder(tx, owner, body.orderNo);
        const { outcome, order } = await confirmPayment(tx, {
          scenicId,
          orderNo: body.orderNo,
          payWay: body.payWay as PayWayCode,
          amount: body.amount,
          provider: body.provider,
          providerTxnId: body.providerTxnId,
          actor: actorOf(req),
        });
        return { outcome, order: openOrderOf(order, await orderTicketsOf(tx, order.id)) };
      });
      return ok(req, data);
    },
  );

  app.post(
    openOrderApi.cancel,
    {
      config: { access: SELLER },
      schema: {
        tags,
        summary: 'Cancel an unpaid order (T4); a paid order is refunded through the refund API (409 here)',
        headers,
        body: OrderNoSchema,
        response: { 200: envelopeSchema(OpenOrderSchema) },
      },
    },
    async (req) => {
      const owner = await orderOwner(db, req);
      await settleBeforeOwnCancel(db, owner, req.body.orderNo);
      const data = await withIdempotency(db, req, async (tx) => {
        const order = await ownOrder(tx, owner, req.body.orderNo);
        return cancelAsCustomer(tx, owner.scenicId, order.id, req);
      });
      return ok(req, data);
    },
  );

  app.get(
    openOrderApi.query,
    {
      config: { access: SELLER },
      schema: {
        tags,
        summary: 'An order of this channel, with its tickets (secrets once paid)',
        querystring: OrderNoSchema,
        response: { 200: envelopeSchema(OpenOrderSchema) },
      },
    },
    async (req) => {
      const order = await ownOrder(db, await orderOwner(db, req), req.query.orderNo);
      return ok(req, openOrderOf(order, await orderTicketsOf(db, order.id)));
    },
  );

  app.post(
    openApi.products,
    {
      config: { access: SELLER },
      schema: {
        tags,
        summary: 'What this channel may sell on a date: products on shelf, price and stock left',
        body: SellableQuerySchema,
        response: { 200: envelopeSchema(z.array(SellableSchema)) },
      },
    },
    async (req) => {
      const { scenicId, channel, products: only } = await sellingParty(db, req);
      const sellable = await sellableOn(db, scenicId, channel, req.body.date);
      return ok(req, only ? sellable.filter((p) => only.has(p.productId)) : sellable);
    },
  );
}
