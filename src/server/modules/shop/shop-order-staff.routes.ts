import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelopeSchema } from '../../../shared/api/common.ts';
import {
  ShopAftersaleApproveSchema,
  shopAftersaleApi,
  ShopAftersaleMovedSchema,
  ShopAftersaleReceiveSchema,
  ShopAftersaleRejectSchema,
  ShopCloseSchema,
  ShopMerchantRefundSchema,
  shopOrderApi,
  ShopOrderMovedSchema,
  ShopRefundMovedSchema,
  ShopRetryRefundSchema,
  ShopShipSchema,
} from '../../../shared/api/shop-orders.ts';
import type { Db } from '../../db/client.ts';
import { perm, requireAuth, scenicScope } from '../../http/access.ts';
import { ok } from '../../http/envelope.ts';
import { writeAudit } from '../audit/index.ts';
import { approveAfterSale, receiveReturn, rejectAfterSale } from './shop-aftersale.service.ts';
import { closeOrder, merchantRefund, shipOrder } from './shop-order-actions.ts';
import { retryShopRefund } from './shop-refund.service.ts';

/**
 * The staff's writes on shop orders (/shop/shopOrder) and after-sales (/shop/aftersale): each one
 * transaction holding the move, its money and stock, and its audit row. Reads (page, export,
 * totals, query) are the order screens' routes.
 */
export async function shopOrderStaffRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = root.ctx;
  const tags = ['shop'];
  const staff = (req: FastifyRequest) => ({ scenicId: scenicScope(req), adminId: requireAuth(req).adminId });
  const audited = async <T extends { id: number }>(
    req: FastifyRequest,
    action: string,
    targetType: 'shopOrder' | 'shopAftersale' | 'shopRefund',
    run: (tx: Db) => Promise<T>,
    input: unknown,
  ): Promise<T> =>
    db.transaction(async (tx) => {
      const result = await run(tx);
      await writeAudit(tx, req, {
        module: 'shop',
        action,
        targetType,
        targetId: result.id,
        after: { input, result },
      });
      return result;
    });

  app.post(
    shopOrderApi.ship,
    {
      config: { access: perm('shop:order:ship') },
      schema: {
        tags,
        summary:
          'Ship a paid order (S6; S17 from 204 when it was pending shipment before the rejected request): carrier and tracking number',
        body: ShopShipSchema,
        response: { 200: envelopeSchema(ShopOrderMovedSchema) },
      },
    },
    async (req) =>
      ok(
        req,
        await audited(
          req,
          'shopOrder.ship',
          'shopOrder',
          (tx) => shipOrder(tx, { ...req.body, ...staff(req) }),
          req.body,
        ),
      ),
  );

  app.post(
    shopOrderApi.refund,
    {
      config: { access: perm('shop:order:refund') },
      schema: {
        tags,
        summary:
          'Merchant refund: without lines the whole of a paid, unshipped order (S8 → 205 → 203 when done); with lines a partial refund that keeps the status',
        body: ShopMerchantRefundSchema,
        response: { 200: envelopeSchema(ShopOrderMovedSchema) },
      },
    },
    async (req) =>
      ok(
        req,
        await audited(
          req,
          'shopOrder.refund',
          'shopOrder',
          (tx) => merchantRefund(tx, { ...req.body, ...staff(req) }),
          req.body,
        ),
      ),
  );

  app.post(
    shopOrderApi.close,
    {
      config: { access: perm('shop:order:close') },
      schema: {
        tags,
        summary:
          'Close an order: unpaid → 103 (S4, stock and coupon back); cancelled or refunded → 601 (S23)',
        body: ShopCloseSchema,
        response: { 200: envelopeSchema(ShopOrderMovedSchema) },
      },
    },
    async (req) =>
      ok(
        req,
        await audited(
          req,
          'shopOrder.close',
          'shopOrder',
          (tx) => closeOrder(tx, { ...req.body, ...staff(req) }),
          req.body,
        ),
      ),
  );

  app.post(
    shopOrderApi.retryRefund,
    {
      config: { access: perm('shop:order:refund') },
      schema: {
        tags,
        summary:
          'Try a failed refund again (S19), or record it as paid back outside the system (external); the order settles (S18) when no refund is left open',
        body: ShopRetryRefundSchema,
        response: { 200: envelopeSchema(ShopRefundMovedSchema) },
      },
    },
    async (req) =>
      ok(
        req,
        await audited(
          req,
          'shopRefund.retry',
          'shopRefund',
          async (tx) => {
            const { scenicId, adminId } = staff(req);
            const { refund, order } = await retryShopRefund(tx, {
              scenicId,
              adminId,
              refundId: req.body.refundId,
              external: req.body.external,
              note: req.body.note,
            });
            return {
              id: refund.id,
              refundNo: refund.refundNo,
              status: refund.status,
              failReason: refund.failReason,
              orderNo: order.orderNo,
              orderStatus: order.status,
            };
          },
          req.body,
        ),
      ),
  );

  app.post(
    shopAftersaleApi.receive,
    {
      config: { access: perm('shop:aftersale:audit') },
      schema: {
        tags,
        summary: 'A return’s goods came back: recorded once, their stock put back (ledger reason 7)',
        body: ShopAftersaleReceiveSchema,
        response: { 200: envelopeSchema(ShopAftersaleMovedSchema) },
      },
    },
    async (req) =>
      ok(
        req,
        await audited(
          req,
          'shopAftersale.receive',
          'shopAftersale',
          (tx) => receiveReturn(tx, { ...req.body, ...staff(req) }),
          req.body,
        ),
      ),
  );

  app.post(
    shopAftersaleApi.approve,
    {
      config: { access: perm('shop:aftersale:audit') },
      schema: {
        tags,
        summary:
          'Approve an after-sales request (S13; a return needs its goods back first, 409): the refund is made at once (S18 when done)',
        body: ShopAftersaleApproveSchema,
        response: { 200: envelopeSchema(ShopAftersaleMovedSchema) },
      },
    },
    async (req) =>
      ok(
        req,
        await audited(
          req,
          'shopAftersale.approve',
          'shopAftersale',
          (tx) => approveAfterSale(tx, { ...req.body, ...staff(req) }),
          req.body,
        ),
      ),
  );

  app.post(
    shopAftersaleApi.reject,
    {
      config: { access: perm('shop:aftersale:audit') },
      schema: {
        tags,
        summary:
          'Reject an after-sales request with a reason (S14); the buyer may ask again while the window is open',
        body: ShopAftersaleRejectSchema,
        response: { 200: envelopeSchema(ShopAftersaleMovedSchema) },
      },
    },
    async (req) =>
      ok(
        req,
        await audited(
          req,
          'shopAftersale.reject',
          'shopAftersale',
          (tx) => rejectAfterSale(tx, { ...req.body, ...staff(req) }),
          req.body,
        ),
      ),
  );
}
