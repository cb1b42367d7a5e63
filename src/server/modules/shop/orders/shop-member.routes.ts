import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema } from '../../../../shared/api/common.ts';
import { shopMemberApi, ShopPlacedOrderSchema, ShopPlaceOrderSchema } from '../../../../shared/api/shop.ts';
import { MEMBER } from '../../../http/access.ts';
import { ok } from '../../../http/envelope.ts';
import { requireMember } from '../../members/index.ts';
import { withIdempotency } from '../../orders/index.ts';
import { placeShopOrder } from './shop-order-placing.ts';

// hand-registered (file): the member's calls from the mini-program (its own token), not staff actions

/** The mini-program's shop calls on behalf of a signed-in member (docs/api.md "Member API"). */
export async function shopMemberRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = root.ctx;
  app.post(
    shopMemberApi.placeOrder,
    {
      config: { access: MEMBER },
      schema: {
        tags: ['shop'],
        summary:
          'Place a shop order (S1): each SKU’s stock is taken by a guarded decrement, 409 when one has too few; unpaid it expires after 30 minutes. Idempotency-Key required',
        headers: z.object({
          'x-scenic-id': z.string().describe('The scenic area (required)'),
          'x-member-token': z.string().describe('The member token from login'),
          'idempotency-key': z.string().describe('One key per order the member means to place'),
        }),
        body: ShopPlaceOrderSchema,
        response: { 200: envelopeSchema(ShopPlacedOrderSchema) },
      },
    },
    async (req) => {
      const member = await requireMember(db, req);
      const placed = await withIdempotency(db, req, (tx) =>
        placeShopOrder(tx, { ...req.body, scenicId: member.scenicId, memberId: member.memberId }),
      );
      return ok(req, placed);
    },
  );
}
