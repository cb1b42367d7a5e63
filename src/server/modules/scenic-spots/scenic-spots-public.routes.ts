import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema } from '../../../shared/api/common.ts';
import {
  publicScenicSpotApi,
  PublicScenicSpotQuerySchema,
  PublicScenicSpotSchema,
} from '../../../shared/api/scenic-spots.ts';
import { ENABLED } from '../../../shared/dict/account.ts';
import { PUBLIC } from '../../http/access.ts';
import { cachedAnswer } from '../../http/public-cache.ts';
import { scenicSpots } from './scenic-spots.table.ts';

// hand-registered (file): public reads without login (cacheable), not staff actions

/** The mini-program's guide: an area's enabled spots by sort order, no login, cacheable. */
export async function publicScenicSpotRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = root.ctx;

  app.get(
    publicScenicSpotApi.list,
    {
      config: { access: PUBLIC },
      schema: {
        tags: ['scenic'],
        summary: 'Enabled scenic spots of an area by sort order (no login, cacheable)',
        querystring: PublicScenicSpotQuerySchema,
        response: { 200: envelopeSchema(z.array(PublicScenicSpotSchema)) },
      },
    },
    async (req, reply) => {
      const { scenicId, spotType } = req.query;
      const spots = await db
        .select({
          id: scenicSpots.id,
          name: scenicSpots.name,
          spotType: scenicSpots.spotType,
          image: scenicSpots.image,
          introduction: scenicSpots.introduction,
          latitude: scenicSpots.latitude,
          longitude: scenicSpots.longitude,
          openTime: scenicSpots.openTime,
          closeTime: scenicSpots.closeTime,
        })
        .from(scenicSpots)
        .where(
          and(
            eq(scenicSpots.scenicId, scenicId),
            eq(scenicSpots.status, ENABLED),
            spotType === undefined ? undefined : eq(scenicSpots.spotType, spotType),
          ),
        )
        .orderBy(asc(scenicSpots.sort), asc(scenicSpots.id));
      return cachedAnswer(req, reply, spots);
    },
  );
}
