import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema } from '../../../shared/api/common.ts';
import {
  publicTicketDisplayApi,
  PublicTicketDisplayQuerySchema,
  PublicTicketDisplaySchema,
  type PublicTicketDisplay,
} from '../../../shared/api/ticket-display.ts';
import { SHELF } from '../../../shared/dict/product.ts';
import { PUBLIC } from '../../http/access.ts';
import { cachedAnswer } from '../../http/public-cache.ts';
import { ticketProducts } from '../products/index.ts';
import { displayDefaults, effectiveSort, effectiveStatus } from './ticket-display.routes.ts';
import { ticketDisplays } from './ticket-display.table.ts';

// hand-registered (file): public reads without login (cacheable), not staff actions

/** The mini-program's read of an area's ticket products as displayed: no login, cacheable. */
export async function publicTicketDisplayRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = root.ctx;

  app.get(
    publicTicketDisplayApi.list,
    {
      config: { access: PUBLIC },
      schema: {
        tags: ['scenic'],
        summary:
          'The shown ticket products of an area that are on shelf, by display sort order (no login, cacheable)',
        querystring: PublicTicketDisplayQuerySchema,
        response: { 200: envelopeSchema(z.array(PublicTicketDisplaySchema)) },
      },
    },
    async (req, reply) => {
      const rows = await db
        .select({ product: ticketProducts, display: ticketDisplays })
        .from(ticketProducts)
        .leftJoin(ticketDisplays, eq(ticketDisplays.productId, ticketProducts.id))
        .where(
          and(
            eq(ticketProducts.scenicId, req.query.scenicId),
            eq(ticketProducts.shelfStatus, SHELF.on),
            sql`${effectiveStatus} = 1`,
          ),
        )
        .orderBy(asc(effectiveSort), asc(ticketProducts.id));
      const answer: PublicTicketDisplay[] = rows.map(({ product: p, display: d }) => {
        const shown = d ?? displayDefaults(p);
        return {
          productId: p.id,
          productType: p.productType,
          name: shown.displayName,
          cover: shown.cover,
          shortText: shown.shortText,
          tags: shown.tags,
          price: p.price,
          marketPrice: p.marketPrice,
        };
      });
      return cachedAnswer(req, reply, answer);
    },
  );
}
