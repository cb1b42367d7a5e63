import { and, asc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema } from '../../../shared/api/common.ts';
import {
  PublicTravelPackageSchema,
  PublicTravelQuerySchema,
  publicTravelApi,
  type PublicTravelPackage,
} from '../../../shared/api/travel.ts';
import { SHELF } from '../../../shared/dict/product.ts';
import { DEPARTURE_STATE } from '../../../shared/dict/travel.ts';
import { PUBLIC } from '../../http/access.ts';
import { cachedAnswer } from '../../http/public-cache.ts';
import { areaDay, areaTimeZone } from '../../lib/area-clock.ts';
import { ticketProducts } from '../products/index.ts';
import { travelDepartures, travelPackages } from './travel.table.ts';

// hand-registered (file): public reads without login (cacheable), not staff actions

/** The mini-program's read of an area's packages: on shelf, with their open departures and seats left. */
export async function publicTravelRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = root.ctx;

  app.get(
    publicTravelApi.packages,
    {
      config: { access: PUBLIC },
      schema: {
        tags: ['travel'],
        summary:
          'Packages on shelf of an area with their open departures from today on and the seats left (no login, cacheable)',
        querystring: PublicTravelQuerySchema,
        response: { 200: envelopeSchema(z.array(PublicTravelPackageSchema)) },
      },
    },
    async (req, reply) => {
      const scenicId = req.query.scenicId;
      const today = areaDay(new Date(), await areaTimeZone(db, scenicId));
      const packages = await db
        .select()
        .from(travelPackages)
        .where(and(eq(travelPackages.scenicId, scenicId), eq(travelPackages.status, SHELF.on)))
        .orderBy(asc(travelPackages.id));
      const ids = packages.map((p) => p.id);
      const departures = ids.length
        ? await db
            .select()
            .from(travelDepartures)
            .where(
              and(
                inArray(travelDepartures.packageId, ids),
                eq(travelDepartures.state, DEPARTURE_STATE.open),
                gte(travelDepartures.date, today),
                sql`${travelDepartures.sold} < ${travelDepartures.capacity}`,
              ),
            )
            .orderBy(asc(travelDepartures.date))
        : [];
      const productIds = [...new Set(packages.flatMap((p) => p.itinerary.flatMap((d) => d.productIds)))];
      const products = productIds.length
        ? await db
            .select({ id: ticketProducts.id, name: ticketProducts.name })
            .from(ticketProducts)
            .where(and(eq(ticketProducts.scenicId, scenicId), inArray(ticketProducts.id, productIds)))
        : [];
      const names = new Map(products.map((p) => [p.id, p.name]));
      const answer: PublicTravelPackage[] = packages
        .map((p) => ({
          id: p.id,
          name: p.name,
          cover: p.cover,
          days: p.days,
          itinerary: p.itinerary.map((d) => ({
            title: d.title,
            description: d.description,
            products: d.productIds.flatMap((id) => (names.has(id) ? [{ id, name: names.get(id)! }] : [])),
          })),
          included: p.included,
          excluded: p.excluded,
          departures: departures
            .filter((d) => d.packageId === p.id)
            .map((d) => ({ id: d.id, date: d.date, price: d.price, left: d.capacity - d.sold })),
        }))
        .filter((p) => p.departures.length);
      return cachedAnswer(req, reply, answer);
    },
  );
}
