import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema } from '../../../shared/api/common.ts';
import {
  publicPictureGroupApi,
  PublicPictureGroupQuerySchema,
  PublicPictureGroupSchema,
  type PublicPictureGroup,
} from '../../../shared/api/picture-groups.ts';
import { ENABLED } from '../../../shared/dict/account.ts';
import { PUBLIC } from '../../http/access.ts';
import { cachedAnswer } from '../../http/public-cache.ts';
import { groupPictures, pictureGroups } from './picture-groups.table.ts';

// hand-registered (file): public reads without login (cacheable), not staff actions

/** The mini-program's read of an area's picture groups: no login, cacheable. */
export async function publicPictureGroupRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = root.ctx;

  app.get(
    publicPictureGroupApi.list,
    {
      config: { access: PUBLIC },
      schema: {
        tags: ['scenic'],
        summary:
          'Enabled picture groups of an area by sort order, each with its pictures in order (no login, cacheable)',
        querystring: PublicPictureGroupQuerySchema,
        response: { 200: envelopeSchema(z.array(PublicPictureGroupSchema)) },
      },
    },
    async (req, reply) => {
      const { scenicId, showType } = req.query;
      const groups = await db
        .select({ id: pictureGroups.id, name: pictureGroups.name, showType: pictureGroups.showType })
        .from(pictureGroups)
        .where(
          and(
            eq(pictureGroups.scenicId, scenicId),
            eq(pictureGroups.status, ENABLED),
            showType === undefined ? undefined : eq(pictureGroups.showType, showType),
          ),
        )
        .orderBy(asc(pictureGroups.sort), asc(pictureGroups.id));
      const pictures = groups.length
        ? await db
            .select({
              id: groupPictures.id,
              groupId: groupPictures.groupId,
              url: groupPictures.url,
              caption: groupPictures.caption,
            })
            .from(groupPictures)
            .where(
              inArray(
                groupPictures.groupId,
                groups.map((g) => g.id),
              ),
            )
            .orderBy(asc(groupPictures.sort), asc(groupPictures.id))
        : [];
      const answer: PublicPictureGroup[] = groups.map((g) => ({
        ...g,
        pictures: pictures.filter((p) => p.groupId === g.id).map(({ groupId: _, ...p }) => p),
      }));
      return cachedAnswer(req, reply, answer);
    },
  );
}
