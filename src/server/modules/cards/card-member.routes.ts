import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  cardMemberApi,
  CardMemberBuySchema,
  CardSaleCardSchema,
  CardSaleKindSchema,
  CardSaleOrderSchema,
} from '../../../shared/api/card-sales.ts';
import { envelopeSchema } from '../../../shared/api/common.ts';
import type { Db } from '../../db/client.ts';
import { ok } from '../../http/envelope.ts';
import { actorOfRequest } from '../audit/index.ts';
import { memberApiContext, members, requireMember, type MemberCaller } from '../members/index.ts';
import { withIdempotency } from '../orders/index.ts';
import { placeCardOrder, type CardSeller } from './card-sales.service.ts';
import { kindsOnSale, memberCardOrders, memberCards, saleOrderOf, saleOrdersOf } from './card-sales.views.ts';

// hand-registered (file): the member's calls from the mini-program (its own token), not staff actions

/** The mini-program's card purchase source (spec §9). */
export const MEMBER_SOURCE = 'weixinManagement' as const;
const SOURCE = MEMBER_SOURCE;

/** The signed-in member as a seller of cards: the mini-program's source, their client and member id. */
const sellerOf = (req: FastifyRequest, m: MemberCaller): CardSeller => ({
  scenicId: m.scenicId,
  source: SOURCE,
  clientId: m.clientId,
  memberId: m.memberId,
  adminId: null,
  actor: { ...actorOfRequest(req), scenicId: m.scenicId },
});

/** The member's phone and nickname: the buyer of what they buy or redeem. */
export async function memberPhone(db: Db, m: MemberCaller): Promise<{ phone: string; nickname: string }> {
  const [row] = await db
    .select({ phone: members.phone, nickname: members.nickname })
    .from(members)
    .where(and(eq(members.id, m.memberId), eq(members.scenicId, m.scenicId)));
  return { phone: row?.phone ?? '', nickname: row?.nickname ?? '' };
}

/**
 * The mini-program's travel card calls for the signed-in member (docs/api.md "Travel cards: member and
 * selling APIs"): kinds on sale, buy (C1 to pay online, C2 from the balance), the member's orders and
 * cards (the rest: card-member-actions.routes.ts). The member's own rows only.
 */
export async function cardMemberRoutes(root: FastifyInstance) {
  const { app, db, headers, access: config } = memberApiContext(root);
  const tags = ['member', 'cards'];

  app.get(
    cardMemberApi.kinds,
    {
      config,
      schema: {
        tags,
        summary: 'Travel card kinds on sale in the mini-program (on shelf, sold by weixinManagement)',
        headers,
        response: { 200: envelopeSchema(z.array(CardSaleKindSchema)) },
      },
    },
    async (req) => {
      const { scenicId } = await requireMember(db, req);
      return ok(req, await kindsOnSale(db, scenicId, SOURCE));
    },
  );

  app.post(
    cardMemberApi.buy,
    {
      config,
      schema: {
        tags,
        summary:
          'Buy a card: without payWay unpaid for 15 minutes (C1; pay with /api/open/pay/prepay, target card); payWay 9 from the balance at once (C2); a general coupon takes its discount. Idempotency-Key required',
        headers: headers.extend({
          'idempotency-key': z.string().describe('One key per order the member means to place'),
        }),
        body: CardMemberBuySchema,
        response: { 200: envelopeSchema(CardSaleOrderSchema) },
      },
    },
    async (req) => {
      const member = await requireMember(db, req);
      const { phone, nickname } = await memberPhone(db, member);
      const body = req.body;
      const placed = await withIdempotency(db, req, async (tx) => {
        const { order } = await placeCardOrder(tx, sellerOf(req, member), {
          kindId: body.kindId,
          buyer: { name: body.buyerName || nickname.slice(0, 40), phone },
          payWay: body.payWay,
          memberCouponId: body.memberCouponId,
        });
        return saleOrderOf(tx, order);
      });
      return ok(req, placed);
    },
  );

  app.get(
    cardMemberApi.orders,
    {
      config,
      schema: {
        tags,
        summary: "The member's card orders with their cards, newest first (the last 100)",
        headers,
        response: { 200: envelopeSchema(z.array(CardSaleOrderSchema)) },
      },
    },
    async (req) => {
      const m = await requireMember(db, req);
      return ok(req, await saleOrdersOf(db, await memberCardOrders(db, m.scenicId, m.memberId)));
    },
  );

  app.get(
    cardMemberApi.cards,
    {
      config,
      schema: {
        tags,
        summary: "The member's cards (a replaced card shows by its new number), newest first",
        headers,
        response: { 200: envelopeSchema(z.array(CardSaleCardSchema)) },
      },
    },
    async (req) => {
      const m = await requireMember(db, req);
      return ok(req, await memberCards(db, m.scenicId, m.memberId));
    },
  );
}
