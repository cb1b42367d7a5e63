import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  cardMemberApi,
  CardMemberActivateSchema,
  CardMemberRedeemSchema,
  CardOrderNoSchema,
  CardSaleOrderSchema,
} from '../../../shared/api/card-sales.ts';
import { envelopeSchema } from '../../../shared/api/common.ts';
import { ok } from '../../http/envelope.ts';
import { AppError } from '../../http/errors.ts';
import { actorOfRequest, recordAudit } from '../audit/index.ts';
import { memberApiContext, requireMember } from '../members/index.ts';
import { redeemCode } from './card-codes.service.ts';
import { cardCodes } from './card-codes.table.ts';
import { activateCard } from './card-issue.service.ts';
import { memberPhone, MEMBER_SOURCE as SOURCE } from './card-member.routes.ts';
import { cardOrders } from './card-orders.table.ts';
import { cancelOwnCardOrder } from './card-sales.routes.ts';
import { memberCard, saleOrderOf } from './card-sales.views.ts';

// hand-registered (file): the member's calls from the mini-program (its own token), not staff actions

/**
 * What a member does with their travel cards in the mini-program (docs/api.md "Travel cards: member
 * and selling APIs"): activate their card (C5), cancel their unpaid order (C4), redeem a code (R2).
 */
export async function cardMemberActionRoutes(root: FastifyInstance) {
  const { app, db, headers, access: config } = memberApiContext(root);
  const tags = ['member', 'cards'];

  app.post(
    cardMemberApi.activate,
    {
      config,
      schema: {
        tags,
        summary:
          "Activate the member's own card (C5) with the holder's real-name data (and face photo when the kind needs one)",
        headers,
        body: CardMemberActivateSchema,
        response: { 200: envelopeSchema(CardSaleOrderSchema) },
      },
    },
    async (req) => {
      const m = await requireMember(db, req);
      const card = await memberCard(db, m.scenicId, m.memberId, req.body.cardId);
      if (!card) throw new AppError(404, 'recordNotFound');
      const order = await db.transaction(async (tx) => {
        const after = await activateCard(tx, { scenicId: m.scenicId, id: card.id, holder: req.body.holder });
        await recordAudit(
          tx,
          { ...actorOfRequest(req), scenicId: m.scenicId },
          {
            module: 'cards',
            action: 'card.activate',
            targetType: 'card',
            targetId: card.id,
            before: { state: card.state },
            after: { state: after.state, memberId: m.memberId, validUntil: after.validUntil },
          },
        );
        const [row] = await tx.select().from(cardOrders).where(eq(cardOrders.id, card.orderId));
        return saleOrderOf(tx, row!);
      });
      return ok(req, order);
    },
  );

  app.post(
    cardMemberApi.cancel,
    {
      config,
      schema: {
        tags,
        summary:
          "Cancel the member's unpaid card order (C4): its payments asked of the provider first (paid meanwhile: 409; provider unreachable: 502)",
        headers,
        body: CardOrderNoSchema,
        response: { 200: envelopeSchema(CardSaleOrderSchema) },
      },
    },
    async (req) => ok(req, await cancelOwnCardOrder(db, req, req.body.orderNo)),
  );

  app.post(
    cardMemberApi.redeem,
    {
      config,
      schema: {
        tags,
        summary:
          'Redeem a code of the area (R2) into a paid card order of amount 0 for the member; with a holder the card is activated at once (R3)',
        headers,
        body: CardMemberRedeemSchema,
        response: { 200: envelopeSchema(CardSaleOrderSchema) },
      },
    },
    async (req) => {
      const m = await requireMember(db, req);
      const { phone, nickname } = await memberPhone(db, m);
      const order = await db.transaction(async (tx) => {
        const done = await redeemCode(tx, {
          code: req.body.code,
          buyer: { name: nickname.slice(0, 40), phone },
          holder: req.body.holder,
          scenicId: m.scenicId,
          adminId: null,
        });
        // the member is the source: the mini-program's, their order (docs/domain.md R2)
        const [mine] = await tx
          .update(cardOrders)
          .set({ source: SOURCE, clientId: m.clientId, memberId: m.memberId })
          .where(eq(cardOrders.id, done.order.id))
          .returning();
        await tx.update(cardCodes).set({ memberId: m.memberId }).where(eq(cardCodes.id, done.code.id));
        await recordAudit(
          tx,
          { ...actorOfRequest(req), scenicId: m.scenicId },
          {
            module: 'cards',
            action: 'cardCode.redeem',
            targetType: 'cardCode',
            targetId: done.code.id,
            after: { orderNo: mine!.orderNo, cardId: done.card.id, memberId: m.memberId },
          },
        );
        return saleOrderOf(tx, mine!);
      });
      return ok(req, order);
    },
  );
}
