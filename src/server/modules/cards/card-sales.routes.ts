import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CARD_REPORTED_PAY_WAYS,
  cardOpenApi,
  CardOpenCreateSchema,
  CardOrderNoQuerySchema,
  CardOrderNoSchema,
  CardSaleKindSchema,
  CardSaleOrderSchema,
  type CardSaleOrder,
} from '../../../shared/api/card-sales.ts';
import { envelopeSchema } from '../../../shared/api/common.ts';
import { ONLINE_PAY_WAYS } from '../../../shared/api/payments.ts';
import { ValidationMessage } from '../../../shared/api/validation-messages.ts';
import { CARD_ORDER_STATUS, type CardSaleSourceCode } from '../../../shared/dict/cards.ts';
import { channelOfClient } from '../../../shared/dict/terminal-client.ts';
import type { Db } from '../../db/client.ts';
import { requireClient, SELLER, type CallerKind } from '../../http/access.ts';
import { ok } from '../../http/envelope.ts';
import { AppError, FieldError } from '../../http/errors.ts';
import { actorOfRequest } from '../audit/index.ts';
import { orderOwner, salesChannels, withIdempotency } from '../orders/index.ts';
import { settleBeforeCancel } from '../payments/index.ts';
import { ownCardOrder } from './card-pay-target.ts';
import { cancelUnpaidCard, lockCardOrder, placeCardOrder, type CardSeller } from './card-sales.service.ts';
import { kindsOnSale, saleOrderOf } from './card-sales.views.ts';
import { CardFieldReason } from './cards.messages.ts';

// hand-registered (file): a sales channel's calls (its own client token), not staff actions

/**
 * docs/domain.md "Travel card": the §9 card purchase source a selling client sells as. Windows,
 * machines and handhelds sell on site (winManagement, the window); the mini-program is
 * weixinManagement; distribution channels (the platform, OTAs, a distributor's own client) sell as
 * the area's back office (backstageManagement), whose distribution they are.
 */
const SOURCE_OF: Partial<Record<CallerKind, CardSaleSourceCode>> = {
  winManagement: 'winManagement',
  selfManagement: 'winManagement',
  handManagement: 'winManagement',
  miniProgram: 'weixinManagement',
  distribution: 'backstageManagement',
  ota: 'backstageManagement',
  agency: 'backstageManagement',
};

/** The calling channel as a seller of cards: its source, client, member (mini-program) and account (distributor). */
async function cardSellerOf(db: Db, req: FastifyRequest): Promise<CardSeller> {
  const client = requireClient(req);
  const source = client.kind ? SOURCE_OF[client.kind] : undefined;
  if (!source) throw new AppError(403, 'clientNotSelling');
  const owner = await orderOwner(db, req);
  let adminId: number | null = null;
  if (channelOfClient(client.clientId) == null) {
    // a registered terminal or a distributor's own client: the sales channel that knows it
    let found = false;
    for (const sales of salesChannels.items) {
      const party = await sales.partyOf(db, client);
      if (!party) continue;
      adminId = party.adminId;
      found = true;
      break;
    }
    if (!found) throw new AppError(403, 'clientNotSelling');
  }
  return {
    scenicId: owner.scenicId,
    source,
    clientId: owner.clientId,
    memberId: owner.memberId,
    adminId,
    actor: { ...actorOfRequest(req), scenicId: owner.scenicId },
  };
}

/** A reported pay way of a card: cash, POS or on account; WeChat Pay and Alipay go through prepay (400). */
function checkReportedPayWay(payWay: number): void {
  if ((ONLINE_PAY_WAYS as readonly number[]).includes(payWay))
    throw new FieldError('payWay', ValidationMessage.payWayOnline);
  if (!(CARD_REPORTED_PAY_WAYS as readonly number[]).includes(payWay))
    throw new FieldError('payWay', CardFieldReason.payWayNotForCard);
}

/**
 * C4 by the buyer (a channel or a member) of their own unpaid order (404 for anyone else's): its
 * payments asked of their provider first, outside the cancel's transaction (paid → C3 recorded and
 * this answers 409; open → closed there; the provider silent → 502 and nothing changes).
 */
export async function cancelOwnCardOrder(
  db: Db,
  req: FastifyRequest,
  orderNo: string,
): Promise<CardSaleOrder> {
  const order = await ownCardOrder(db, req, orderNo);
  if (order.status === CARD_ORDER_STATUS.unpaid)
    await settleBeforeCancel(db, order.scenicId, 'card', order.orderNo);
  const after = await db.transaction(async (tx) => {
    const locked = await lockCardOrder(tx, order.scenicId, order.orderNo);
    if (locked.status !== CARD_ORDER_STATUS.unpaid) throw new AppError(409, 'cardOrderMoved');
    return cancelUnpaidCard(tx, locked, 'cancelled', { ...actorOfRequest(req), scenicId: order.scenicId });
  });
  return saleOrderOf(db, after);
}

/**
 * The selling API's travel cards (docs/api.md "Travel cards: member and selling APIs"): windows,
 * machines and distributors with their client tokens, the area in X-Scenic-Id; each reaches only the
 * orders it placed.
 */
export async function cardSalesRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = root.ctx;
  const tags = ['selling', 'cards'];
  const config = { access: SELLER };
  const headers = z.object({
    'x-scenic-id': z.string().describe('The scenic area the call acts in (required)'),
    'x-member-token': z.string().optional().describe('The member buying, for the mini-program'),
  });

  app.get(
    cardOpenApi.kinds,
    {
      config,
      schema: {
        tags,
        summary: 'Travel card kinds this channel sells (on shelf, its sale source among the kind’s)',
        headers,
        response: { 200: envelopeSchema(z.array(CardSaleKindSchema)) },
      },
    },
    async (req) => {
      const seller = await cardSellerOf(db, req);
      return ok(req, await kindsOnSale(db, seller.scenicId, seller.source));
    },
  );

  app.post(
    cardOpenApi.create,
    {
      config,
      schema: {
        tags,
        summary:
          'Sell a card: with a reported payWay (1 cash, 99 POS, 98 on account) paid at once (C2, its card issued; with a holder activated, C5); without one unpaid for 15 minutes (C1), then /api/open/pay/prepay target card (a QR code). WeChat Pay and Alipay are not reported (400). Idempotency-Key required',
        headers: headers.extend({
          'idempotency-key': z.string().describe('Required: the same key and body answer the same'),
        }),
        body: CardOpenCreateSchema,
        response: { 200: envelopeSchema(CardSaleOrderSchema) },
      },
    },
    async (req) => {
      const body = req.body;
      if (body.payWay !== undefined) checkReportedPayWay(body.payWay);
      else if (body.holder) throw new FieldError('holder', CardFieldReason.holderNeedsPayWay);
      const seller = await cardSellerOf(db, req);
      const placed = await withIdempotency(db, req, async (tx) => {
        const { order } = await placeCardOrder(tx, seller, body);
        return saleOrderOf(tx, order);
      });
      return ok(req, placed);
    },
  );

  app.get(
    cardOpenApi.query,
    {
      config,
      schema: {
        tags,
        summary: 'One card order this channel placed, with its card once paid',
        headers,
        querystring: CardOrderNoQuerySchema,
        response: { 200: envelopeSchema(CardSaleOrderSchema) },
      },
    },
    async (req) => ok(req, await saleOrderOf(db, await ownCardOrder(db, req, req.query.orderNo))),
  );

  app.post(
    cardOpenApi.cancel,
    {
      config,
      schema: {
        tags,
        summary:
          'Cancel an unpaid card order this channel placed (C4): its payments asked of the provider first (paid meanwhile: 409; provider unreachable: 502)',
        headers,
        body: CardOrderNoSchema,
        response: { 200: envelopeSchema(CardSaleOrderSchema) },
      },
    },
    async (req) => ok(req, await cancelOwnCardOrder(db, req, req.body.orderNo)),
  );
}
