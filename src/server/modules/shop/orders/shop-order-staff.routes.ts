import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
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
import { registerAction, type ActionDefinition } from '../../../http/action.ts';
import { writeAudit } from '../../audit/index.ts';
import { shopPerm } from '../shop-access.ts';
import { approveAfterSale, receiveReturn, rejectAfterSale } from './shop-aftersale.service.ts';
import { closeOrder, merchantRefund, shipOrder } from './shop-order-actions.ts';
import { settleShopPaymentsBeforeCancel } from './shop-order-common.ts';
import { retryShopRefund } from './shop-refund.service.ts';

/**
 * The staff's writes on shop orders (/shop/shopOrder) and after-sales (/shop/aftersale), as action
 * definitions (http/action.ts): each one transaction holding the move, its money and stock, and its
 * audit row. Reads (page, export, totals, query) are the order screens' routes.
 */
export async function shopOrderStaffRoutes(root: FastifyInstance) {
  /** One staff write: its permission (shop accounts may call it), contract, audit action and service call. */
  function action<B extends z.ZodObject, R extends z.ZodType>(def: {
    url: string;
    perm: Permission;
    summary: string;
    body: B;
    response: R;
    audit: string;
    target: 'shopOrder' | 'shopAftersale' | 'shopRefund';
    run: ActionDefinition<B, R>['run'];
    before?: ActionDefinition<B, R>['before'];
  }) {
    registerAction(root, {
      url: def.url,
      access: shopPerm(def.perm),
      tag: 'shop',
      summary: def.summary,
      body: def.body,
      response: def.response,
      audit: { write: writeAudit, module: 'shop', action: def.audit, targetType: def.target },
      run: def.run,
      ...(def.before ? { before: def.before } : {}),
    });
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
    // an unpaid order's payment in flight is settled or closed at its provider first
    before: (db, { scenicId, id }) => settleShopPaymentsBeforeCancel(db, { scenicId, id }),
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
