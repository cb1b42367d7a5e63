import { and, asc, eq, sql } from 'drizzle-orm';
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
  type OpenOrder,
} from '../../../shared/api/selling.ts';
import { PRODUCT_TYPE, SALE_STATUS, SEAT_STATUS, SHELF } from '../../../shared/dict/ticket.ts';
import { TICKET_STATUS as S, type PayWayCode } from '../../../shared/dict/order.ts';
import type { BuyChannelCode } from '../../../shared/dict/ticket.ts';
import type { Db } from '../../db/client.ts';
import { CLIENT, requireClient } from '../../http/access.ts';
import { ok } from '../../http/envelope.ts';
import { AppError } from '../../http/errors.ts';
import { priceCalendar, periodAt, publicStockLeft } from '../inventory/index.ts';
import { productSessions, ticketProducts } from '../products/index.ts';
import { showSeats, theatreShows } from '../theatres/index.ts';
import { channelOfClient } from './channels.ts';
import { withIdempotency } from './idempotency.ts';
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

const OPEN = '/api/open';
/** Tickets whose secret a channel may hand to the visitor */
const CODE_VISIBLE: readonly number[] = [S.unused, S.ticketed, S.entered, S.left, S.inUse];

export function openOrderOf(order: OrderRecord, tickets: readonly TicketRecord[]): OpenOrder {
  return {
    orderNo: order.orderNo,
    externalNo: order.externalNo,
    status: order.status,
    payStatus: order.payStatus,
    totalAmount: order.totalAmount,
    paidAmount: order.paidAmount,
    refundedAmount: order.refundedAmount,
    visitDate: order.visitDate,
    expiresAt: order.expiresAt?.toISOString() ?? null,
    createTime: order.createdAt.toISOString(),
    tickets: tickets.map((t) => ({
      id: t.id,
      productId: t.productId,
      productType: t.productType,
      visitDate: t.visitDate,
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

/** The channel's buy channel; 403 for a client that does not sell. */
function sellingChannel(req: FastifyRequest): {
  clientId: string;
  scenicId: number;
  channel: BuyChannelCode;
} {
  const client = requireClient(req);
  const channel = channelOfClient(client.clientId);
  if (channel == null) throw new AppError(403, 'clientNotSelling');
  return { ...client, channel };
}

/** An order of this area placed by this client (404 otherwise: other channels' orders are invisible). */
async function ownOrder(db: Db, scenicId: number, clientId: string, orderNo: string): Promise<OrderRecord> {
  const order = await findOrderByNo(db, scenicId, orderNo);
  if (!order || order.clientId !== clientId) throw new AppError(404, 'orderNotFound');
  return order;
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
  });

  app.post(
    `${OPEN}/order/create`,
    {
      config: { access: CLIENT },
      schema: {
        tags,
        summary: 'Place an order (T1; T2 with payNow or a total of 0). Idempotency-Key required.',
        headers,
        body: CreateOrderSchema,
        response: { 200: envelopeSchema(OpenOrderSchema) },
      },
    },
    async (req) => {
      const { clientId, scenicId, channel } = sellingChannel(req);
      const body = req.body;
      const data = await withIdempotency(db, req, clientId, async (tx) => {
        const { order, tickets } = await placeOrder(tx, {
          scenicId,
          channel,
          clientId,
          externalNo: body.externalNo,
          buyer: body.buyer,
          lines: body.lines,
          payNow: body.payNow ? { payWay: body.payNow.payWay as PayWayCode } : undefined,
          remark: body.remark,
          actor: actorOf(req),
        });
        return openOrderOf(order, tickets);
      });
      return ok(req, data);
    },
  );

  app.post(
    `${OPEN}/order/pay`,
    {
      config: { access: CLIENT },
      schema: {
        tags,
        summary: 'Confirm a payment (T3; late: T6 or automatic refund, T7). Deduplicated by providerTxnId.',
        headers,
        body: PayOrderSchema,
        response: { 200: envelopeSchema(PayResultSchema) },
      },
    },
    async (req) => {
      const { clientId, scenicId } = sellingChannel(req);
      const body = req.body;
      const data = await withIdempotency(db, req, clientId, async (tx) => {
        await ownOrder(tx, scenicId, clientId, body.orderNo);
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
    `${OPEN}/order/cancel`,
    {
      config: { access: CLIENT },
      schema: {
        tags,
        summary: 'Cancel an unpaid order (T4); a paid order is refunded through the refund API (409 here)',
        headers,
        body: OrderNoSchema,
        response: { 200: envelopeSchema(OpenOrderSchema) },
      },
    },
    async (req) => {
      const { clientId, scenicId } = sellingChannel(req);
      const data = await withIdempotency(db, req, clientId, async (tx) => {
        const order = await ownOrder(tx, scenicId, clientId, req.body.orderNo);
        const cancelled = await cancelOrder(tx, {
          scenicId,
          orderId: order.id,
          by: 'customer',
          actor: actorOf(req),
        });
        return openOrderOf(cancelled, await orderTicketsOf(tx, order.id));
      });
      return ok(req, data);
    },
  );

  app.get(
    `${OPEN}/order/query`,
    {
      config: { access: CLIENT },
      schema: {
        tags,
        summary: 'An order of this channel, with its tickets (secrets once paid)',
        querystring: OrderNoSchema,
        response: { 200: envelopeSchema(OpenOrderSchema) },
      },
    },
    async (req) => {
      const { clientId, scenicId } = sellingChannel(req);
      const order = await ownOrder(db, scenicId, clientId, req.query.orderNo);
      return ok(req, openOrderOf(order, await orderTicketsOf(db, order.id)));
    },
  );

  app.post(
    `${OPEN}/products`,
    {
      config: { access: CLIENT },
      schema: {
        tags,
        summary: 'What this channel may sell on a date: products on shelf, price and stock left',
        body: SellableQuerySchema,
        response: { 200: envelopeSchema(z.array(SellableSchema)) },
      },
    },
    async (req) => {
      const { scenicId, channel } = sellingChannel(req);
      const { date } = req.body;
      const products = await db
        .select()
        .from(ticketProducts)
        .where(
          and(
            eq(ticketProducts.scenicId, scenicId),
            eq(ticketProducts.shelfStatus, SHELF.on),
            sql`${channel} = any(${ticketProducts.channels})`,
          ),
        )
        .orderBy(asc(ticketProducts.sort), asc(ticketProducts.id));
      const days = await db
        .select({
          productId: priceCalendar.productId,
          sessionId: priceCalendar.sessionId,
          price: priceCalendar.price,
          left: sql<number>`(${priceCalendar.stock} - ${priceCalendar.sold})::int`,
          start: productSessions.startTime,
          end: productSessions.endTime,
        })
        .from(priceCalendar)
        .leftJoin(productSessions, eq(productSessions.id, priceCalendar.sessionId))
        .where(
          and(
            eq(priceCalendar.scenicId, scenicId),
            eq(priceCalendar.date, date),
            eq(priceCalendar.status, SALE_STATUS.onSale),
          ),
        )
        .orderBy(asc(productSessions.startTime));
      const shows = await db
        .select({
          productId: theatreShows.productId,
          showId: theatreShows.id,
          start: theatreShows.startTime,
          end: theatreShows.endTime,
          price: sql<number>`coalesce(min(${showSeats.price}), 0)::int`,
          left: sql<number>`count(${showSeats.id})::int`,
        })
        .from(theatreShows)
        .leftJoin(
          showSeats,
          and(eq(showSeats.showId, theatreShows.id), eq(showSeats.status, SEAT_STATUS.available)),
        )
        .where(
          and(
            eq(theatreShows.scenicId, scenicId),
            eq(theatreShows.showDate, date),
            eq(theatreShows.status, SALE_STATUS.onSale),
          ),
        )
        .groupBy(theatreShows.id)
        .orderBy(asc(theatreShows.startTime));
      // the area's public stock caps what a calendar day can still sell (docs/decisions.md)
      const slots = await publicStockLeft(db, scenicId, date);
      const calendarOffers = (d: (typeof days)[number]) => {
        const left = Math.max(0, Number(d.left));
        const base = { sessionId: d.sessionId, showId: null, price: d.price };
        if (!slots.length)
          return [{ ...base, periodId: null, time: d.start && d.end ? `${d.start}-${d.end}` : '', left }];
        if (d.start && d.end) {
          const slot = periodAt(slots, d.start);
          return [
            {
              ...base,
              periodId: slot?.id ?? null,
              time: `${d.start}-${d.end}`,
              left: slot ? Math.min(left, slot.left) : left,
            },
          ];
        }
        return slots.map((s) => ({
          ...base,
          periodId: s.id,
          time: `${s.startTime}-${s.endTime}`,
          left: Math.min(left, s.left),
        }));
      };
      const rows = products.map((p) => ({
        productId: p.id,
        name: p.name,
        productType: p.productType,
        realNameType: p.realNameType,
        limitPerOrder: p.limitPerOrder,
        limitPerIdNumber: p.limitPerIdNumber,
        offers:
          p.productType === PRODUCT_TYPE.performance
            ? shows
                .filter((s) => s.productId === p.id)
                .map((s) => ({
                  sessionId: null,
                  showId: s.showId,
                  periodId: null,
                  time: `${s.start}-${s.end}`,
                  price: Number(s.price),
                  left: Number(s.left),
                }))
            : days.filter((d) => d.productId === p.id).flatMap(calendarOffers),
      }));
      return ok(req, rows);
    },
  );
}
