import { and, asc, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema, pageResultSchema } from '../../../../shared/api/common.ts';
import {
  shopMemberOrderApi,
  ShopMemberOrderQuerySchema,
  ShopMemberOrderSchema,
  ShopMemberOrdersQuerySchema,
  type ShopMemberOrder,
} from '../../../../shared/api/shop-orders.ts';
import type { Db } from '../../../db/client.ts';
import { MEMBER } from '../../../http/access.ts';
import { ok } from '../../../http/envelope.ts';
import { requireMember } from '../../members/index.ts';
import {
  shopAftersales,
  shopOrderLines,
  shopOrders,
  shopPayments,
  shopRefunds,
  shopReviews,
  shopShipments,
  type ShopOrder,
} from '../shop.table.ts';
import { memberShopOrder } from './shop-order-common.ts';

// hand-registered (file): the member's calls from the mini-program (its own token), not staff actions

/** The member's headers on the shop order calls. */
export const memberOrderHeaders = z.object({
  'x-scenic-id': z.string().describe('The scenic area (required)'),
  'x-member-token': z.string().describe('The member token from login'),
});

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** The member's view of orders: lines, payment way, shipment, after-sales, refunds, review. */
async function memberOrders(db: Db, orders: ShopOrder[]): Promise<ShopMemberOrder[]> {
  if (orders.length === 0) return [];
  const ids = orders.map((o) => o.id);
  const [lines, payments, shipments, requests, refunds, reviews] = await Promise.all([
    db
      .select()
      .from(shopOrderLines)
      .where(inArray(shopOrderLines.orderId, ids))
      .orderBy(asc(shopOrderLines.id)),
    db.select().from(shopPayments).where(inArray(shopPayments.orderId, ids)).orderBy(asc(shopPayments.id)),
    db
      .select()
      .from(shopShipments)
      .where(inArray(shopShipments.orderId, ids))
      .orderBy(desc(shopShipments.id)),
    db
      .select()
      .from(shopAftersales)
      .where(inArray(shopAftersales.orderId, ids))
      .orderBy(desc(shopAftersales.id)),
    db.select().from(shopRefunds).where(inArray(shopRefunds.orderId, ids)).orderBy(asc(shopRefunds.id)),
    db.select().from(shopReviews).where(inArray(shopReviews.orderId, ids)),
  ]);
  return orders.map((o) => {
    const shipment = shipments.find((s) => s.orderId === o.id);
    const review = reviews.find((r) => r.orderId === o.id);
    return {
      orderNo: o.orderNo,
      status: o.status,
      statusBeforeRefund: o.statusBeforeRefund,
      goodsAmount: o.goodsAmount,
      freight: o.freight,
      discount: o.discount,
      payAmount: o.payAmount,
      refundedAmount: o.refundedAmount,
      memberCouponId: o.memberCouponId,
      payWay: payments.find((p) => p.orderId === o.id)?.payWay ?? null,
      receiverName: o.receiverName,
      receiverPhone: o.receiverPhone,
      receiverAddress: o.receiverAddress,
      remark: o.remark,
      carrier: shipment?.carrier ?? null,
      trackingNo: shipment?.trackingNo ?? null,
      createTime: o.createdAt.toISOString(),
      expiresAt: o.expiresAt.toISOString(),
      payTime: iso(o.paidAt),
      shipTime: iso(o.shippedAt),
      receiveTime: iso(o.receivedAt),
      afterSaleUntil: iso(o.afterSaleUntil),
      reviewUntil: iso(o.reviewUntil),
      lines: lines
        .filter((l) => l.orderId === o.id)
        .map((l) => ({
          id: l.id,
          goodsId: l.goodsId,
          skuId: l.skuId,
          goodsName: l.goodsName,
          specText: l.specText,
          image: l.image,
          price: l.price,
          quantity: l.quantity,
          amount: l.amount,
          refundedQuantity: l.refundedQuantity,
          refundedAmount: l.refundedAmount,
        })),
      aftersales: requests
        .filter((a) => a.orderId === o.id)
        .map((a) => ({
          requestNo: a.requestNo,
          type: a.type,
          status: a.status,
          amount: a.amount,
          attempt: a.attempt,
          reason: a.reason,
          rejectReason: a.rejectReason,
          createTime: a.createdAt.toISOString(),
        })),
      refunds: refunds
        .filter((r) => r.orderId === o.id)
        .map((r) => ({
          refundNo: r.refundNo,
          amount: r.amount,
          status: r.status,
          createTime: r.createdAt.toISOString(),
        })),
      review: review
        ? { rating: review.rating, content: review.content, createTime: review.createdAt.toISOString() }
        : null,
    };
  });
}

/** The mini-program's reading of a member's own shop orders (another member's: 404). */
export async function shopMemberOrderReadRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = root.ctx;
  const tags = ['shop'];
  const headers = memberOrderHeaders;
  const config = { access: MEMBER };

  app.get(
    shopMemberOrderApi.orders,
    {
      config,
      schema: {
        tags,
        summary: "The member's own shop orders, newest first, paged (optionally of one status)",
        headers,
        querystring: ShopMemberOrdersQuerySchema,
        response: { 200: envelopeSchema(pageResultSchema(ShopMemberOrderSchema)) },
      },
    },
    async (req) => {
      const { scenicId, memberId } = await requireMember(db, req);
      const { page, limit, status } = req.query;
      const where: SQL | undefined = and(
        eq(shopOrders.scenicId, scenicId),
        eq(shopOrders.memberId, memberId),
        status ? eq(shopOrders.status, status) : undefined,
      );
      const [total] = await db.select({ n: count() }).from(shopOrders).where(where);
      const orders = await db
        .select()
        .from(shopOrders)
        .where(where)
        .orderBy(desc(shopOrders.createdAt), desc(shopOrders.id))
        .limit(limit)
        .offset((page - 1) * limit);
      return ok(req, { total: total?.n ?? 0, rows: await memberOrders(db, orders) });
    },
  );

  app.get(
    shopMemberOrderApi.order,
    {
      config,
      schema: {
        tags,
        summary: "One of the member's own shop orders by number (another member's: 404)",
        headers,
        querystring: ShopMemberOrderQuerySchema,
        response: { 200: envelopeSchema(ShopMemberOrderSchema) },
      },
    },
    async (req) => {
      const order = await memberShopOrder(db, req, req.query.orderNo);
      return ok(req, (await memberOrders(db, [order]))[0]!);
    },
  );
}
