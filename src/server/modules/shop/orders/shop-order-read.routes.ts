import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema, IdSchema } from '../../../../shared/api/common.ts';
import {
  shopAftersaleApi,
  ShopAftersalePageSchema,
  ShopAftersaleRowSchema,
  shopOrderApi,
  ShopOrderDetailSchema,
  ShopOrderPageSchema,
  ShopOrderRowSchema,
  ShopOrderTotalsSchema,
  shopShipCountApi,
  type ShopAftersaleRow,
  type ShopOrderRow,
} from '../../../../shared/api/shop-orders.ts';
import { dictLabel } from '../../../../shared/dict/dict.ts';
import { PayWay } from '../../../../shared/dict/order.ts';
import { ShopOrderField as F, ShopOrderText } from '../../../../shared/dict/shop-orders.ts';
import { AfterSaleStatus, AfterSaleType, ShopOrderStatus } from '../../../../shared/dict/shop.ts';
import { scenicScope } from '../../../http/access.ts';
import { ok } from '../../../http/envelope.ts';
import { AppError } from '../../../http/errors.ts';
import type { ExportColumn } from '../../../http/export.ts';
import { registerListResource } from '../../../http/list-resource.ts';
import {
  countShipOrders,
  shopAftersaleRows,
  shopAftersaleWhere,
  shopOrderDetail,
  shopOrderRows,
  shopOrderTotals,
  shopOrderWhere,
} from './shop-order-read.ts';
import { shopPerm } from '../shop-access.ts';
import { shopAftersales, shopOrders } from '../shop.table.ts';

const ORDER_EXPORT: ExportColumn<ShopOrderRow>[] = [
  { header: F.orderNo, value: (r) => r.orderNo, width: 22 },
  { header: F.status, value: (r, lang) => dictLabel(ShopOrderStatus, r.status, lang), width: 12 },
  { header: F.memberPhone, value: (r) => r.memberPhone, width: 14 },
  { header: F.receiverName, value: (r) => r.receiverName },
  { header: F.receiverPhone, value: (r) => r.receiverPhone, width: 14 },
  { header: F.receiverAddress, value: (r) => r.receiverAddress, width: 30 },
  { header: F.goods, value: (r) => r.goodsSummary, width: 36 },
  { header: F.pieces, value: (r) => r.pieces, kind: 'number' },
  { header: F.goodsAmount, value: (r) => r.goodsAmount, kind: 'money' },
  { header: F.freight, value: (r) => r.freight, kind: 'money' },
  { header: F.discount, value: (r) => r.discount, kind: 'money' },
  { header: F.payAmount, value: (r) => r.payAmount, kind: 'money' },
  { header: F.refundedAmount, value: (r) => r.refundedAmount, kind: 'money' },
  { header: F.payWay, value: (r, lang) => (r.payWay == null ? '' : dictLabel(PayWay, r.payWay, lang)) },
  { header: F.carrier, value: (r) => r.carrier },
  { header: F.trackingNo, value: (r) => r.trackingNo, width: 18 },
  { header: F.remark, value: (r) => r.remark, width: 20 },
  { header: F.createTime, value: (r) => r.createTime, kind: 'datetime', width: 20 },
  { header: F.payTime, value: (r) => r.payTime, kind: 'datetime', width: 20 },
  { header: F.shipTime, value: (r) => r.shipTime, kind: 'datetime', width: 20 },
];

const AFTERSALE_EXPORT: ExportColumn<ShopAftersaleRow>[] = [
  { header: F.requestNo, value: (r) => r.requestNo, width: 22 },
  { header: F.orderNo, value: (r) => r.orderNo, width: 22 },
  { header: F.afterSaleType, value: (r, lang) => dictLabel(AfterSaleType, r.type, lang) },
  { header: F.afterSaleStatus, value: (r, lang) => dictLabel(AfterSaleStatus, r.status, lang) },
  { header: F.memberPhone, value: (r) => r.memberPhone, width: 14 },
  {
    header: F.goods,
    value: (r) => r.lines.map((l) => `${l.goodsName} × ${l.quantity}`).join('，'),
    width: 36,
  },
  { header: F.amount, value: (r) => r.amount, kind: 'money' },
  { header: F.reason, value: (r) => r.reason, width: 24 },
  { header: F.attempt, value: (r) => r.attempt, kind: 'number' },
  { header: F.returnTracking, value: (r) => `${r.returnCarrier} ${r.returnTrackingNo}`.trim(), width: 20 },
  { header: F.goodsReceivedTime, value: (r) => r.goodsReceivedTime, kind: 'datetime', width: 20 },
  { header: F.rejectReason, value: (r) => r.rejectReason, width: 20 },
  { header: F.reviewer, value: (r) => r.reviewer },
  { header: F.reviewTime, value: (r) => r.reviewTime, kind: 'datetime', width: 20 },
  { header: F.applyTime, value: (r) => r.createTime, kind: 'datetime', width: 20 },
];

const IdQuery = z.object({ id: IdSchema }).strict();

/**
 * The staff read side of shop orders and after-sales (issue 18): /shop/shopOrder, /shop/orderQuery,
 * /shop/aftersale and the top bar's count of orders waiting for shipment. All scoped to the acting
 * area; the writes (ship, refund, close, after-sales review) are beside them in their own file.
 */
export async function shopOrderReadRoutes(root: FastifyInstance) {
  registerListResource(root, {
    tag: 'shop',
    api: shopOrderApi,
    shop: 'shop',
    perms: { page: 'shop:order:page' },
    table: shopOrders,
    where: shopOrderWhere,
    sort: { createTime: shopOrders.createdAt, payTime: shopOrders.paidAt, payAmount: shopOrders.payAmount },
    order: [desc(shopOrders.createdAt), desc(shopOrders.id)],
    rowSchema: ShopOrderRowSchema,
    rows: (records, { db }) => shopOrderRows(db, records),
    page: {
      summary:
        'Shop orders of the acting area (phones masked); filters by number, status, phone, goods, tracking, days',
      body: ShopOrderPageSchema,
    },
    export: {
      summary: 'The shop orders of the current filter (all pages) as .xlsx',
      fileName: ShopOrderText.orderExport,
      columns: ORDER_EXPORT,
    },
  });

  registerListResource(root, {
    tag: 'shop',
    api: shopAftersaleApi,
    shop: 'shop',
    perms: { page: 'shop:aftersale:page' },
    table: shopAftersales,
    where: shopAftersaleWhere,
    sort: { createTime: shopAftersales.createdAt, amount: shopAftersales.amount },
    order: [desc(shopAftersales.createdAt), desc(shopAftersales.id)],
    rowSchema: ShopAftersaleRowSchema,
    rows: (records, { db }) => shopAftersaleRows(db, records),
    page: {
      summary: 'After-sales requests of the acting area (buyer phones masked)',
      body: ShopAftersalePageSchema,
    },
    export: {
      summary: 'The after-sales requests of the current filter (all pages) as .xlsx',
      fileName: ShopOrderText.aftersaleExport,
      columns: AFTERSALE_EXPORT,
    },
  });

  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = root.ctx;

  // hand-registered: a read (the sums of a list's filter), not a list resource
  app.post(
    shopOrderApi.totals,
    {
      config: { access: shopPerm('shop:order:page') },
      schema: {
        tags: ['shop'],
        summary: 'Count and sums (cents) of the shop orders of the same filter as page',
        body: ShopOrderPageSchema,
        response: { 200: envelopeSchema(ShopOrderTotalsSchema) },
      },
    },
    async (req) => ok(req, await shopOrderTotals(db, shopOrderWhere(scenicScope(req), req.body))),
  );

  // hand-registered: a read that is not a list resource
  app.get(
    shopOrderApi.query,
    {
      config: { access: shopPerm('shop:order:page') },
      schema: {
        tags: ['shop'],
        summary:
          'One shop order of the acting area: lines, payments, shipments, refunds, after-sales, review and history',
        querystring: IdQuery,
        response: { 200: envelopeSchema(ShopOrderDetailSchema) },
      },
    },
    async (req) => {
      const detail = await shopOrderDetail(db, scenicScope(req), req.query.id);
      if (!detail) throw new AppError(404, 'shopOrderNotFound');
      return ok(req, detail);
    },
  );

  // hand-registered: a read that is not a list resource
  app.get(
    shopAftersaleApi.query,
    {
      config: { access: shopPerm('shop:aftersale:page') },
      schema: {
        tags: ['shop'],
        summary: 'One after-sales request of the acting area with its lines and photos',
        querystring: IdQuery,
        response: { 200: envelopeSchema(ShopAftersaleRowSchema) },
      },
    },
    async (req) => {
      const records = await db
        .select()
        .from(shopAftersales)
        .where(and(eq(shopAftersales.id, req.query.id), eq(shopAftersales.scenicId, scenicScope(req))));
      if (!records.length) throw new AppError(404, 'recordNotFound');
      return ok(req, (await shopAftersaleRows(db, records))[0]!);
    },
  );

  // hand-registered: a read that is not a list resource
  app.get(
    shopShipCountApi.countShipOrder,
    {
      config: { access: shopPerm('shop:order:page') },
      schema: {
        tags: ['shop'],
        summary: 'docs/product.md §7: paid shop orders of the acting area waiting for shipment (201)',
        response: { 200: envelopeSchema(z.number().int()) },
      },
    },
    async (req) => ok(req, await countShipOrders(db, scenicScope(req))),
  );
}
