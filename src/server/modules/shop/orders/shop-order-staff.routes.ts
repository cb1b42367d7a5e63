import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { envelopeSchema } from '../../../../shared/api/common.ts';
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
} from '../../../../shared/api/shop-orders.ts';
import type { Permission } from '../../../../shared/perms.ts';
import type { Db } from '../../../db/client.ts';
import { requireAuth, scenicScope } from '../../../http/access.ts';
import { ok } from '../../../http/envelope.ts';
import { writeAudit } from '../../audit/index.ts';
import { shopPerm } from '../shop-access.ts';
import { approveAfterSale, receiveReturn, rejectAfterSale } from './shop-aftersale.service.ts';
import { closeOrder, merchantRefund, shipOrder } from './shop-order-actions.ts';
import { retryShopRefund } from './shop-refund.service.ts';

/**
 * The staff's writes on shop orders (/shop/shopOrder) and after-sales (/shop/aftersale): each one
 * transaction holding the move, its money and stock, and its audit row. Reads (page, export,
 * totals, query) are the order screens' routes.
 */
export async function shopOrderStaffRoutes(root: FastifyInstance) {
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

  /** One staff write: its permission, contract, audit action and the service call that makes it. */
  function action<B extends z.ZodObject, R extends z.ZodType>(def: {
    url: string;
    perm: Permission;
    summary: string;
    body: B;
    response: R;
    audit: string;
    target: 'shopOrder' | 'shopAftersale' | 'shopRefund';
    run: (
      tx: Db,
      input: z.infer<B> & { scenicId: number; adminId: number },
    ) => Promise<z.infer<R> & { id: number }>;
  }) {
    // `root` untyped: the zod compilers validate the body and the answer all the same; `def` types the handler
    root.post(
      def.url,
      {
        config: { access: shopPerm(def.perm) },
        schema: {
          tags,
          summary: def.summary,
          body: def.body,
          response: { 200: envelopeSchema(def.response) },
        },
      },
      async (req) => {
        const input = req.body as z.infer<B>;
        return ok(
          req,
          await audited(req, def.audit, def.target, (tx) => def.run(tx, { ...input, ...staff(req) }), input),
        );
      },
    );
  }

  action({
    url: shopOrderApi.ship,
    perm: 'shop:order:ship',
    summary:
      'Ship a paid order (S6; S17 from 204 when it was pending shipment before the rejected request): carrier and tracking number',
    body: ShopShipSchema,
    response: ShopOrderMovedSchema,
    audit: 'shopOrder.ship',
    target: 'shopOrder',
    run: shipOrder,
  });
  action({
    url: shopOrderApi.refund,
    perm: 'shop:order:refund',
    summary:
      'Merchant refund: without lines the whole of a paid, unshipped order (S8 → 205 → 203 when done); with lines a partial refund that keeps the status',
    body: ShopMerchantRefundSchema,
    response: ShopOrderMovedSchema,
    audit: 'shopOrder.refund',
    target: 'shopOrder',
    run: merchantRefund,
  });
  action({
    url: shopOrderApi.close,
    perm: 'shop:order:close',
    summary: 'Close an order: unpaid → 103 (S4, stock and coupon back); cancelled or refunded → 601 (S23)',
    body: ShopCloseSchema,
    response: ShopOrderMovedSchema,
    audit: 'shopOrder.close',
    target: 'shopOrder',
    run: closeOrder,
  });
  action({
    url: shopOrderApi.retryRefund,
    perm: 'shop:order:refund',
    summary:
      'Try a failed refund again (S19), or record it as paid back outside the system (external); the order settles (S18) when no refund is left open',
    body: ShopRetryRefundSchema,
    response: ShopRefundMovedSchema,
    audit: 'shopRefund.retry',
    target: 'shopRefund',
    run: async (tx, input) => {
      const { refund, order } = await retryShopRefund(tx, input);
      return {
        id: refund.id,
        refundNo: refund.refundNo,
        status: refund.status,
        failReason: refund.failReason,
        orderNo: order.orderNo,
        orderStatus: order.status,
      };
    },
  });
  action({
    url: shopAftersaleApi.receive,
    perm: 'shop:aftersale:audit',
    summary: 'A return’s goods came back: recorded once, their stock put back (ledger reason 7)',
    body: ShopAftersaleReceiveSchema,
    response: ShopAftersaleMovedSchema,
    audit: 'shopAftersale.receive',
    target: 'shopAftersale',
    run: receiveReturn,
  });
  action({
    url: shopAftersaleApi.approve,
    perm: 'shop:aftersale:audit',
    summary:
      'Approve an after-sales request (S13; a return needs its goods back first, 409): the refund is made at once (S18 when done)',
    body: ShopAftersaleApproveSchema,
    response: ShopAftersaleMovedSchema,
    audit: 'shopAftersale.approve',
    target: 'shopAftersale',
    run: approveAfterSale,
  });
  action({
    url: shopAftersaleApi.reject,
    perm: 'shop:aftersale:audit',
    summary:
      'Reject an after-sales request with a reason (S14); the buyer may ask again while the window is open',
    body: ShopAftersaleRejectSchema,
    response: ShopAftersaleMovedSchema,
    audit: 'shopAftersale.reject',
    target: 'shopAftersale',
    run: rejectAfterSale,
  });
}
