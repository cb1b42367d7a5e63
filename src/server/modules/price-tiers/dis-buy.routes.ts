import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelopeSchema } from '../../../shared/api/common.ts';
import {
  disBuyApi,
  DisBuyResultSchema,
  DisBuySchema,
  DisBuySellableQuerySchema,
  DisSellableListSchema,
  type DisSellable,
} from '../../../shared/api/price-tiers.ts';
import { PRODUCT_TYPE } from '../../../shared/dict/product.ts';
import type { Db } from '../../db/client.ts';
import { ownerScope, perm, scenicScope } from '../../http/access.ts';
import { ok } from '../../http/envelope.ts';
import { AppError } from '../../http/errors.ts';
import { distributors } from '../distribution/index.ts';
import { actorOf, placeOrder, sellableOn, withIdempotency } from '../orders/index.ts';
import { tierOfAccount, tierPrices } from './tiers.service.ts';

/** The channel and terminal client of a distributor's own orders (docs/product.md §9). */
const DISTRIBUTION_CHANNEL = 13;
const DISTRIBUTION_CLIENT = 'distributionManagement';

/** The calling distributor's account and distributor: only a distributor (account type 3) buys here. */
async function callingDistributor(db: Db, req: FastifyRequest) {
  const adminId = ownerScope(req);
  if (adminId == null) throw new AppError(403, 'disBuyDistributorOnly');
  const scenicId = scenicScope(req);
  const [distributor] = await db
    .select()
    .from(distributors)
    .where(and(eq(distributors.scenicId, scenicId), eq(distributors.adminId, adminId)));
  if (!distributor) throw new AppError(404, 'distributorNotFound');
  return { adminId, scenicId, distributor };
}

/**
 * docs/product.md §2 /disManage/buy: a distributor buys for itself in the console, paid at once (T2)
 * from its balance (5) or credit (8), at its tier's settlement prices.
 */
export async function disBuyRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = root.ctx;
  const tags = ['distribution'];

  // hand-registered: a read that is not a list resource
  app.get(
    disBuyApi.sellable,
    {
      config: { access: perm('admin:disBuy:create', { distributor: 'own' }) },
      schema: {
        tags,
        summary: "What the calling distributor may buy on a date, at its tier's prices",
        description:
          'The distribution channel (13) list of the selling API; a calendar offer covered by a line of the tier shows its settlement price (price) and lowest retail price. Only distributor accounts (403 otherwise).',
        querystring: DisBuySellableQuerySchema,
        response: { 200: envelopeSchema(DisSellableListSchema) },
      },
    },
    async (req) => {
      const { adminId, scenicId, distributor } = await callingDistributor(db, req);
      const { date } = req.query;
      const tier = await tierOfAccount(db, scenicId, adminId);
      const sellable = await sellableOn(db, scenicId, DISTRIBUTION_CHANNEL, date);
      const lineOf = tier
        ? await tierPrices(
            db,
            tier.tierId,
            sellable.map((p) => ({ productId: p.productId, date })),
          )
        : () => undefined;
      const products: DisSellable[] = sellable.map((p) => {
        const line = p.productType === PRODUCT_TYPE.performance ? undefined : lineOf(p.productId, date);
        return {
          ...p,
          calendarPrice: p.offers[0]?.price ?? null,
          settlementPrice: line?.settlementPrice ?? null,
          retailFloor: line?.retailFloor ?? null,
          offers: line ? p.offers.map((o) => ({ ...o, price: line.settlementPrice })) : p.offers,
        };
      });
      return ok(req, {
        tierId: tier?.tierId ?? null,
        tierName: tier?.tierName ?? null,
        balance: distributor.balance,
        creditAvailable: distributor.creditLimit - distributor.creditUsed,
        state: distributor.state,
        products,
      });
    },
  );

  // hand-registered: a distributor's purchase through the selling path (the orders module's transaction), not a record edit
  app.post(
    disBuyApi.create,
    {
      config: { access: perm('admin:disBuy:create', { distributor: 'own' }) },
      schema: {
        tags,
        summary: 'Place and pay an order of the calling distributor from its balance (5) or credit (8)',
        description:
          'T2 at once, through the distribution channel (13, client distributionManagement), priced at its tier. Requires an Idempotency-Key header (scope: the account). 409 when frozen, not enabled, or the balance or credit does not cover it.',
        body: DisBuySchema,
        response: { 200: envelopeSchema(DisBuyResultSchema) },
      },
    },
    async (req) => {
      const { adminId, scenicId } = await callingDistributor(db, req);
      const body = req.body;
      const data = await withIdempotency(db, req, async (tx) => {
        const { order } = await placeOrder(tx, {
          scenicId,
          channel: DISTRIBUTION_CHANNEL,
          clientId: DISTRIBUTION_CLIENT,
          adminId,
          buyer: body.buyer,
          lines: body.lines,
          payNow: { payWay: body.payWay },
          remark: body.remark,
          actor: actorOf(req),
        });
        return {
          id: order.id,
          orderNo: order.orderNo,
          totalAmount: order.totalAmount,
          payWay: body.payWay,
          tierId: order.tierId,
          ticketCount: order.ticketCount,
        };
      });
      return ok(req, data);
    },
  );
}
