import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelopeSchema } from '../../../shared/api/common.ts';
import {
  PublicScenicProfileSchema,
  PublicScenicQuerySchema,
  publicScenicApi,
} from '../../../shared/api/scenic.ts';
import { ENABLED } from '../../../shared/dict/account.ts';
import { PUBLIC } from '../../http/access.ts';
import { AppError } from '../../http/errors.ts';
import { cachedAnswer } from '../../http/public-cache.ts';
import { scenicAreas } from './scenic.table.ts';
import { toProfile } from './scenic-profile.routes.ts';

// hand-registered (file): public reads without login (cacheable), not staff actions

/** The mini-program's read of an area's profile: enabled areas only, no internal fields, cacheable. */
export async function publicScenicRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = root.ctx;

  app.get(
    publicScenicApi.profile,
    {
      config: { access: PUBLIC },
      schema: {
        tags: ['scenic'],
        summary: "An enabled area's public profile (no login, cacheable; 404 for a disabled or unknown area)",
        querystring: PublicScenicQuerySchema,
        response: { 200: envelopeSchema(PublicScenicProfileSchema) },
      },
    },
    async (req, reply) => {
      const [a] = await db
        .select()
        .from(scenicAreas)
        .where(and(eq(scenicAreas.id, req.query.scenicId), eq(scenicAreas.status, ENABLED)));
      if (!a) throw new AppError(404, 'scenicNotFound');
      // the public profile: the staff one without the code, contact, status and update time
      const { code: _code, contact: _contact, status: _status, updateTime: _at, ...shown } = toProfile(a);
      return cachedAnswer(req, reply, shown);
    },
  );
}
