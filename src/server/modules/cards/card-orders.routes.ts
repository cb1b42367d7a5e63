import { and, count, desc, eq, gte, lte, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  cardOrderApi,
  CardOrderCreateSchema,
  CardOrderDetailSchema,
  CardOrderPageSchema,
  CardOrderRefundSchema,
  CardOrderRowSchema,
  CardOrderTotalsSchema,
  CardOrderVoidSchema,
  CardRefundOutsideSchema,
  CardRefundRetrySchema,
  type CardOrderPage,
  type CardOrderRow,
} from '../../../shared/api/cards.ts';
import { envelopeSchema } from '../../../shared/api/common.ts';
import { IdQuerySchema } from '../../../shared/api/general.ts';
import {
  CardField,
  CardOrderPayWay,
  CardOrderStatus,
  CardSaleSource,
  CardText,
} from '../../../shared/dict/cards.ts';
import { dictLabel } from '../../../shared/dict/dict.ts';
import type { Db } from '../../db/client.ts';
import { perm, scenicScope } from '../../http/access.ts';
import { audited, registerAction } from '../../http/action.ts';
import { ok } from '../../http/envelope.ts';
import type { ExportColumn } from '../../http/export.ts';
import { registerListResource } from '../../http/list-resource.ts';
import { writeAudit } from '../audit/index.ts';
import { refundCardOrder, voidCardOrder } from './card-actions.service.ts';
import { orderOfArea, sellCard } from './card-issue.service.ts';
import { moveFailedCardRefunds } from './card-refunds.service.ts';
import { cardOrders, cards, type CardOrder } from './card-orders.table.ts';
import { cardRows, masksOf, orderRows } from './card-rows.ts';

const orderWhere = (scenicId: number, q: CardOrderPage) =>
  and(
    eq(cardOrders.scenicId, scenicId),
    q.orderNo ? eq(cardOrders.orderNo, q.orderNo) : undefined,
    q.kindId ? eq(cardOrders.kindId, q.kindId) : undefined,
    q.status ? eq(cardOrders.status, q.status) : undefined,
    q.source ? eq(cardOrders.source, q.source) : undefined,
    // 0 is a redeem code; an unpaid order has none (null) and never matches
    q.payWay !== undefined ? eq(cardOrders.payWay, q.payWay) : undefined,
    q.buyerPhone ? eq(cardOrders.buyerPhone, q.buyerPhone) : undefined,
    q.createTimeFrom ? gte(cardOrders.createdAt, new Date(q.createTimeFrom)) : undefined,
    q.createTimeTo ? lte(cardOrders.createdAt, new Date(q.createTimeTo)) : undefined,
  );

const ORDER_EXPORT: ExportColumn<CardOrderRow>[] = [
  { header: CardField.orderNo, value: (r) => r.orderNo, width: 22 },
  { header: CardField.kindName, value: (r) => r.kindName, width: 18 },
  { header: CardField.cardNo, value: (r) => r.cardNo, width: 20 },
  { header: CardField.buyerName, value: (r) => r.buyerName },
  { header: CardField.buyerPhone, value: (r) => r.buyerPhone, width: 14 },
  { header: CardField.source, value: (r, lang) => dictLabel(CardSaleSource, r.source, lang), width: 16 },
  {
    header: CardField.payWay,
    // none while unpaid (C1) or cancelled unpaid (C4)
    value: (r, lang) => (r.payWay == null ? '' : dictLabel(CardOrderPayWay, r.payWay, lang)),
  },
  { header: CardField.amount, value: (r) => r.amount, kind: 'money' },
  { header: CardField.status, value: (r, lang) => dictLabel(CardOrderStatus, r.status, lang) },
  { header: CardField.paidAt, value: (r) => r.paidAt, kind: 'datetime', width: 20 },
  { header: CardField.refundedAmount, value: (r) => r.refundedAmount, kind: 'money' },
  { header: CardField.reason, value: (r) => r.reason, width: 30 },
  { header: CardField.createTime, value: (r) => r.createTime, kind: 'datetime', width: 20 },
];

/** The order and its cards (a replaced one too), newest card first. */
async function orderDetail(db: Db, req: FastifyRequest, order: CardOrder) {
  const masks = masksOf(req);
  const issued = await db.select().from(cards).where(eq(cards.orderId, order.id)).orderBy(desc(cards.id));
  return { ...(await orderRows(db, masks, [order]))[0]!, cards: await cardRows(db, masks, issued) };
}

const orderRow = async (db: Db, req: FastifyRequest, order: CardOrder) =>
  (await orderRows(db, masksOf(req), [order]))[0]!;

/** docs/product.md §2 /VipCard: the card orders of the acting area, sold, refunded and voided by staff. */
export async function cardOrderRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = root.ctx;

  registerListResource(root, {
    tag: 'cards',
    api: { page: cardOrderApi.page, export: cardOrderApi.export },
    perms: { page: 'admin:card:order:query' },
    table: cardOrders,
    where: orderWhere,
    sort: { createTime: cardOrders.createdAt, amount: cardOrders.amount },
    order: [desc(cardOrders.createdAt), desc(cardOrders.id)],
    rowSchema: CardOrderRowSchema,
    rows: (records, { db: d, req }) => orderRows(d, masksOf(req), records),
    page: { summary: 'Travel card orders of the acting area, newest first', body: CardOrderPageSchema },
    export: {
      summary: 'The card orders of the current filter (all pages) as .xlsx',
      fileName: CardText.exportOrders,
      columns: ORDER_EXPORT,
    },
  });

  // hand-registered: a read (the sums of a list's filter), not a list resource
  app.post(
    cardOrderApi.totals,
    {
      config: { access: perm('admin:card:order:query') },
      schema: {
        tags: ['cards'],
        summary:
          'Count, amount and refunded amount of the filtered card orders (paging and sort are ignored)',
        body: CardOrderPageSchema,
        response: { 200: envelopeSchema(CardOrderTotalsSchema) },
      },
    },
    async (req) => {
      const [row] = await db
        .select({
          count: count(),
          amount: sql<string | null>`sum(${cardOrders.amount})`,
          refundedAmount: sql<string | null>`sum(${cardOrders.refundedAmount})`,
        })
        .from(cardOrders)
        .where(orderWhere(scenicScope(req), req.body));
      return ok(req, {
        count: row?.count ?? 0,
        amount: Number(row?.amount ?? 0),
        refundedAmount: Number(row?.refundedAmount ?? 0),
      });
    },
  );

  // hand-registered: a detail read answering the order with its cards, not a list row
  app.get(
    cardOrderApi.query,
    {
      config: { access: perm('admin:card:order:query') },
      schema: {
        tags: ['cards'],
        summary: 'One card order of the acting area with its cards',
        querystring: IdQuerySchema,
        response: { 200: envelopeSchema(CardOrderDetailSchema) },
      },
    },
    async (req) => ok(req, await orderDetail(db, req, await orderOfArea(db, scenicScope(req), req.query.id))),
  );

  registerAction(root, {
    url: cardOrderApi.create,
    access: perm('admin:card:order:create'),
    tag: 'cards',
    summary:
      'Sell a card at the back office (C2): paid at once (cash, POS, on account), its card issued; with a holder activated at once (C5)',
    body: CardOrderCreateSchema,
    response: CardOrderDetailSchema,
    audit: { write: writeAudit, module: 'cards', action: 'cardOrder.create', targetType: 'cardOrder' },
    run: async (tx, input, req) => {
      const { order, card } = await sellCard(tx, input);
      const answer = { ...(await orderRow(tx, req, order)), cards: await cardRows(tx, masksOf(req), [card]) };
      return audited(answer, { targetId: order.id, after: { order, card } });
    },
  });

  registerAction(root, {
    url: cardOrderApi.refund,
    access: perm('admin:card:order:refund'),
    tag: 'cards',
    summary:
      'Refund (C7 from 201/301 without entries; C8 from 401 only with staff’s amount ≤ paid): 203, the card dead, SMS template 7',
    body: CardOrderRefundSchema,
    response: CardOrderRowSchema,
    audit: { write: writeAudit, module: 'cards', action: 'cardOrder.refund', targetType: 'cardOrder' },
    run: async (tx, input, req) => {
      const { before, after } = await refundCardOrder(tx, input);
      return audited(await orderRow(tx, req, after), { targetId: after.id, before, after });
    },
  });

  registerAction(root, {
    url: cardOrderApi.void,
    access: perm('admin:card:order:refund'),
    tag: 'cards',
    summary: 'Void a card order (C10: 201/301/401 → 501) with a reason: the card dead, no money moves',
    body: CardOrderVoidSchema,
    response: CardOrderRowSchema,
    audit: { write: writeAudit, module: 'cards', action: 'cardOrder.void', targetType: 'cardOrder' },
    run: async (tx, input, req) => {
      const { before, after } = await voidCardOrder(tx, input);
      return audited(await orderRow(tx, req, after), { targetId: after.id, before, after });
    },
  });

  failedRefundRoutes(root);
}

/** A failed refund through the provider (its row's 退款进度): sent again, or paid back outside. */
function failedRefundRoutes(root: FastifyInstance) {
  const failedRefundAction = <B extends z.ZodType<{ id: number }>>(def: {
    url: string;
    summary: string;
    body: B;
    to: 'retry' | 'outside';
  }) =>
    registerAction(root, {
      url: def.url,
      access: perm('admin:card:order:refund'),
      tag: 'cards',
      summary: def.summary,
      body: def.body,
      response: CardOrderRowSchema,
      audit: { write: writeAudit, module: 'cards', action: `cardRefund.${def.to}`, targetType: 'cardOrder' },
      run: async (tx, input, req) => {
        const { order, refunds } = await moveFailedCardRefunds(tx, { ...input, to: def.to });
        const moved = {
          refundIds: refunds.map((r) => r.id),
          amount: refunds.reduce((sum, r) => sum + r.amount, 0),
        };
        return audited(await orderRow(tx, req, order), {
          targetId: order.id,
          before: { ...moved, status: 'failed' },
          after: { ...moved, status: def.to === 'retry' ? 'created' : 'external', ...input },
        });
      },
    });
  failedRefundAction({
    url: cardOrderApi.retryRefund,
    summary:
      "Send an order's failed refunds to the provider again (failed → created, for the refund sender's next pass); 409 when none failed",
    body: CardRefundRetrySchema,
    to: 'retry',
  });
  failedRefundAction({
    url: cardOrderApi.refundOutside,
    summary:
      "Record an order's failed refunds as paid back outside the system (failed → external) with how (the reason); 409 when none failed",
    body: CardRefundOutsideSchema,
    to: 'outside',
  });
}
