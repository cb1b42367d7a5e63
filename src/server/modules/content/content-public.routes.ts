import { and, asc, count, desc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema, pageResultSchema } from '../../../shared/api/common.ts';
import {
  PublicAnnouncementSchema,
  PublicAreaQuerySchema,
  PublicArticleQuerySchema,
  PublicArticleSchema,
  PublicArticleSummarySchema,
  PublicArticlesQuerySchema,
  publicContentApi,
} from '../../../shared/api/content.ts';
import { CONTENT_STATE } from '../../../shared/dict/content.ts';
import { PUBLIC } from '../../http/access.ts';
import { ok } from '../../http/envelope.ts';
import { AppError } from '../../http/errors.ts';
import { cachedAnswer } from '../../http/public-cache.ts';
import { announcements, scenicArticles } from './content.table.ts';

// hand-registered (file): public reads without login (cacheable), not staff actions

/** How long a phone or a proxy may keep an answer (docs/api.md "Public content"). */
export const PUBLIC_MAX_AGE = 60;
const CACHE = `public, max-age=${PUBLIC_MAX_AGE}`; // the one answer without an ETag (its view count changes)
const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The mini-program's reads of an area's published content: no login, cacheable. */
export async function publicContentRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = root.ctx;

  app.get(
    publicContentApi.announcements,
    {
      config: { access: PUBLIC },
      schema: {
        tags: ['content'],
        summary: 'Published announcements of an area inside their window, pinned first (no login, cacheable)',
        querystring: PublicAreaQuerySchema,
        response: { 200: envelopeSchema(z.array(PublicAnnouncementSchema)) },
      },
    },
    async (req, reply) => {
      const now = new Date();
      const rows = await db
        .select()
        .from(announcements)
        .where(
          and(
            eq(announcements.scenicId, req.query.scenicId),
            eq(announcements.state, CONTENT_STATE.published),
            or(isNull(announcements.publishFrom), lte(announcements.publishFrom, now)),
            or(isNull(announcements.publishTo), gt(announcements.publishTo, now)),
          ),
        )
        .orderBy(
          desc(announcements.pinned),
          sql`coalesce(${announcements.publishFrom}, ${announcements.publishedAt}) desc nulls last`,
          desc(announcements.id),
        )
        .limit(50);
      return cachedAnswer(
        req,
        reply,
        rows.map((a) => ({
          id: a.id,
          title: a.title,
          cover: a.cover,
          content: a.content,
          pinned: a.pinned,
          publishFrom: iso(a.publishFrom),
          publishTo: iso(a.publishTo),
          publishTime: iso(a.publishedAt),
        })),
      );
    },
  );

  const published = (scenicId: number) =>
    and(eq(scenicArticles.scenicId, scenicId), eq(scenicArticles.state, CONTENT_STATE.published));
  const summary = {
    id: scenicArticles.id,
    category: scenicArticles.category,
    title: scenicArticles.title,
    cover: scenicArticles.cover,
    author: scenicArticles.author,
    viewCount: scenicArticles.viewCount,
    publishedAt: scenicArticles.publishedAt,
  };
  const toSummary = ({ publishedAt, ...a }: { publishedAt: Date | null } & Record<string, unknown>) => ({
    ...a,
    publishTime: iso(publishedAt),
  });

  app.get(
    publicContentApi.articles,
    {
      config: { access: PUBLIC },
      schema: {
        tags: ['content'],
        summary:
          'Published articles of an area, the latest first, without their bodies (no login, cacheable)',
        querystring: PublicArticlesQuerySchema,
        response: { 200: envelopeSchema(pageResultSchema(PublicArticleSummarySchema)) },
      },
    },
    async (req, reply) => {
      const { scenicId, category, page, limit } = req.query;
      const where = and(published(scenicId), category ? eq(scenicArticles.category, category) : undefined);
      const [rows, [total]] = await Promise.all([
        db
          .select(summary)
          .from(scenicArticles)
          .where(where)
          .orderBy(desc(scenicArticles.publishedAt), asc(scenicArticles.id))
          .limit(limit)
          .offset((page - 1) * limit),
        db.select({ n: count() }).from(scenicArticles).where(where),
      ]);
      return cachedAnswer(req, reply, {
        rows: rows.map((r) => toSummary(r) as z.infer<typeof PublicArticleSummarySchema>),
        total: total?.n ?? 0,
      });
    },
  );

  app.get(
    publicContentApi.article,
    {
      config: { access: PUBLIC },
      schema: {
        tags: ['content'],
        summary: 'One published article with its body; each answer counts one view (no login, cacheable)',
        querystring: PublicArticleQuerySchema,
        response: { 200: envelopeSchema(PublicArticleSchema) },
      },
    },
    async (req, reply) => {
      // a view is counted when the server answers; a copy a phone keeps for max-age is not a new view
      const [row] = await db
        .update(scenicArticles)
        .set({ viewCount: sql`${scenicArticles.viewCount} + 1` })
        .where(and(eq(scenicArticles.id, req.query.id), published(req.query.scenicId)))
        .returning({ ...summary, content: scenicArticles.content });
      if (!row) throw new AppError(404, 'recordNotFound');
      reply.header('cache-control', CACHE).header('vary', 'Accept-Language');
      return ok(req, toSummary(row) as z.infer<typeof PublicArticleSchema>);
    },
  );
}
