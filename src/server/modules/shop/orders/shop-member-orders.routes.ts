import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { envelopeSchema } from '../../../../shared/api/common.ts';
import {
  ShopAfterSaleRequestSchema,
  ShopAftersaleMovedSchema,
  shopMemberOrderApi,
  ShopOrderMovedSchema,
  ShopOrderNoSchema,
  ShopPayResultSchema,
  ShopPaySchema,
  ShopReviewSchema,
} from '../../../../shared/api/shop-orders.ts';
import type { Db } from '../../../db/client.ts';
import { MEMBER } from '../../../http/access.ts';
import { ok } from '../../../http/envelope.ts';
import { requireMember } from '../../members/index.ts';
import { requestAfterSale, withdrawAfterSale } from './shop-aftersale.service.ts';
import { cancelByMember, confirmByMember, reviewOrder } from './shop-order-actions.ts';
import { settleShopPaymentsBeforeCancel } from './shop-order-common.ts';
import { payShopOrder } from './shop-order-payment.ts';
import { memberOrderHeaders } from './shop-member-order-read.routes.ts';

// hand-registered (file): the member's calls from the mini-program (its own token), not staff actions

/**
 * The mini-program's calls on a member's shop orders after placing (docs/api.md "Member API: shop
 * orders"): each a move of the S1-S23 machine on the member's own order (another member's: 404).
 */
export async function shopMemberOrderRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = root.ctx;
  const tags = ['shop'];
  const headers = memberOrderHeaders;
  const config = { access: MEMBER };

  app.post(
    shopMemberOrderApi.pay,
    {
      config,
      schema: {
        tags,
        summary:
          'Pay an order (S2; S5 when it arrives after S4): pay way 9 debits the balance, other pay ways need providerTxnId (the same id again answers `duplicate`); the amount must equal payAmount',
        headers,
        body: ShopPaySchema,
        response: { 200: envelopeSchema(ShopPayResultSchema) },
      },
    },
    async (req) => {
      const member = await requireMember(db, req);
      const paid = await db.transaction((tx) =>
        payShopOrder(tx, { ...req.body, scenicId: member.scenicId, memberId: member.memberId }),
      );
      return ok(req, paid);
    },
  );

  const orderMove = (
    url: string,
    summary: string,
    run: (tx: Db, input: { scenicId: number; memberId: number; orderNo: string }) => Promise<unknown>,
    response: z.ZodType,
    before?: (db: Db, ref: { scenicId: number; memberId: number; orderNo: string }) => Promise<void>,
  ) =>
    app.post(
      url,
      {
        config,
        schema: {
          tags,
          summary,
          headers,
          body: ShopOrderNoSchema,
          response: { 200: envelopeSchema(response) },
        },
      },
      async (req) => {
        const member = await requireMember(db, req);
        const ref = { scenicId: member.scenicId, memberId: member.memberId, orderNo: req.body.orderNo };
        if (before) await before(db, ref);
        const moved = await db.transaction((tx) =>
          run(tx, { scenicId: member.scenicId, memberId: member.memberId, orderNo: req.body.orderNo }),
        );
        return ok(req, moved);
      },
    );

  orderMove(
    shopMemberOrderApi.cancel,
    'Cancel an unpaid order (S3): its stock goes back (ledger reason 6), its coupon is released',
    (tx, input) => cancelByMember(tx, input),
    ShopOrderMovedSchema,
    // a payment in flight at its provider is settled or closed first (502 when it cannot answer)
    settleShopPaymentsBeforeCancel,
  );
  orderMove(
    shopMemberOrderApi.confirmReceipt,
    'Confirm receipt of a shipped order (S9, then S10 at once): the after-sales and review windows start',
    (tx, input) => confirmByMember(tx, input),
    ShopOrderMovedSchema,
  );
  orderMove(
    shopMemberOrderApi.withdrawAfterSale,
    'Withdraw the open after-sales request (S15): the order goes back to where it was',
    (tx, input) => withdrawAfterSale(tx, input),
    ShopAftersaleMovedSchema,
  );

  app.post(
    shopMemberOrderApi.afterSale,
    {
      config,
      schema: {
        tags,
        summary:
          'Ask for a refund: before shipment refund only (S7), after receipt inside the after-sales window (S12), again after a rejection (S16, at most 3 attempts); lines and amount are frozen now',
        headers,
        body: ShopAfterSaleRequestSchema,
        response: { 200: envelopeSchema(ShopAftersaleMovedSchema) },
      },
    },
    async (req) => {
      const member = await requireMember(db, req);
      const asked = await db.transaction((tx) =>
        requestAfterSale(tx, { ...req.body, scenicId: member.scenicId, memberId: member.memberId }),
      );
      return ok(req, asked);
    },
  );

  app.post(
    shopMemberOrderApi.review,
    {
      config,
      schema: {
        tags,
        summary: 'Review a received order (S20), once, inside the review window',
        headers,
        body: ShopReviewSchema,
        response: { 200: envelopeSchema(ShopOrderMovedSchema) },
      },
    },
    async (req) => {
      const member = await requireMember(db, req);
      const moved = await db.transaction((tx) =>
        reviewOrder(tx, { ...req.body, scenicId: member.scenicId, memberId: member.memberId }),
      );
      return ok(req, moved);
    },
  );
}
