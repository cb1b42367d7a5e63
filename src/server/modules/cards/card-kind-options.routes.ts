import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  cardKindOptionApi,
  CardKindOptionQuerySchema,
  CardKindOptionSchema,
  type CardKindOption,
  type CardKindOptionQuery,
} from '../../../shared/api/card-kind-options.ts';
import { envelopeSchema } from '../../../shared/api/common.ts';
import { SHELF } from '../../../shared/dict/product.ts';
import type { Permission } from '../../../shared/perms.ts';
import type { Db } from '../../db/client.ts';
import { perm, scenicScope } from '../../http/access.ts';
import { ok } from '../../http/envelope.ts';
import { cardKinds } from './cards.table.ts';

/** The area's card kinds as pickers show them; `forSale`: on shelf and sold by the back office. */
export async function cardKindOptions(
  db: Db,
  scenicId: number,
  q: CardKindOptionQuery,
): Promise<CardKindOption[]> {
  return db
    .select({
      id: cardKinds.id,
      name: cardKinds.name,
      price: cardKinds.price,
      status: cardKinds.status,
      totalEntries: cardKinds.totalEntries,
    })
    .from(cardKinds)
    .where(
      and(
        eq(cardKinds.scenicId, scenicId),
        q.forSale === 'true' ? eq(cardKinds.status, SHELF.on) : undefined,
        q.forSale === 'true'
          ? sql`${cardKinds.channels} @> ${JSON.stringify(['backstageManagement'])}::jsonb`
          : undefined,
      ),
    )
    .orderBy(asc(cardKinds.id));
}

// hand-registered (file): reads for the kind pickers of the card screens, not list resources

/** The kind pickers of the card list (admin:card:query) and of the order list and sale (admin:card:order:query). */
export async function cardKindOptionRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = root.ctx;
  const routes: [string, Permission, string][] = [
    [cardKindOptionApi.cards, 'admin:card:query', 'the card list'],
    [cardKindOptionApi.orders, 'admin:card:order:query', 'the card order list and the sale'],
  ];
  for (const [url, permission, screen] of routes)
    app.get(
      url,
      {
        config: { access: perm(permission) },
        schema: {
          tags: ['cards'],
          summary: `The card kinds of the acting area (id, name, price, shelf) for the kind pickers of ${screen}; forSale=true: those the back office sells now`,
          querystring: CardKindOptionQuerySchema,
          response: { 200: envelopeSchema(z.array(CardKindOptionSchema)) },
        },
      },
      async (req: FastifyRequest<{ Querystring: CardKindOptionQuery }>) =>
        ok(req, await cardKindOptions(db, scenicScope(req), req.query)),
    );
}
