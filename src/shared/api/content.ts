import { z } from 'zod';
import { ArticleCategory, ContentState } from '../dict/content.ts';
import { ImageUrlSchema } from './general.ts';
import { dictCodeSchema, endpoints, IdSchema, listQuerySchema } from './common.ts';
import { RichTextSchema } from './notices.ts';
import { key, required, text } from './fields.ts';

/** docs/product.md §2 /scenic/announcement and /scenic/announDetail. */
export const announcementApi = endpoints('/web/api/admin/announcement', [
  'page',
  'export',
  'query',
  'create',
  'update',
  'delete',
  'publish',
  'withdraw',
]);
/** docs/product.md §2 /scenic/scenicArticle. */
export const articleApi = endpoints('/web/api/admin/scenicArticle', [
  'page',
  'export',
  'query',
  'create',
  'update',
  'delete',
  'publish',
  'withdraw',
]);
/** The mini-program's reads: no login, cacheable (docs/api.md "Public content"). */
export const publicContentApi = endpoints('/api/public/content', ['announcements', 'articles', 'article']);

const TitleSchema = required(100);
const TitleFilterSchema = text(100).optional();
const InstantSchema = z.iso.datetime({ offset: true });
/** An ISO instant, or null for an open end. */
const WindowEndSchema = InstantSchema.nullable();
const ContentStateSchema = dictCodeSchema(ContentState);

/** `{ id }`: publish or withdraw one record. */
export const ContentMoveSchema = z.object({ id: IdSchema }).strict();

// ---- announcements ----

export const ANNOUNCEMENT_SORT_FIELDS = ['updateTime', 'publishFrom', 'title'] as const;

export const AnnouncementPageSchema = listQuerySchema(ANNOUNCEMENT_SORT_FIELDS, {
  title: TitleFilterSchema,
  state: ContentStateSchema.optional(),
  pinned: z.boolean().optional(),
});
export type AnnouncementPage = z.infer<typeof AnnouncementPageSchema>;

type Window = { publishFrom?: string | null | undefined; publishTo?: string | null | undefined };
/** The window ends after it starts (either end may be open). */
export const windowIssue = (v: Window) =>
  !!v.publishFrom && !!v.publishTo && Date.parse(v.publishTo) <= Date.parse(v.publishFrom);

export const AnnouncementCreateSchema = z
  .object({
    title: TitleSchema,
    content: RichTextSchema,
    cover: ImageUrlSchema.default(''),
    publishFrom: WindowEndSchema.default(null),
    publishTo: WindowEndSchema.default(null),
    pinned: z.boolean().default(false),
  })
  .strict()
  .refine((v) => !windowIssue(v), { path: ['publishTo'], error: key('endAfterStart') });
export type AnnouncementCreate = z.infer<typeof AnnouncementCreateSchema>;

/** Only the fields sent change; the window is checked again on the merged record (server). */
export const AnnouncementUpdateSchema = z
  .object({
    id: IdSchema,
    title: TitleSchema.optional(),
    content: RichTextSchema.optional(),
    cover: ImageUrlSchema.optional(),
    publishFrom: WindowEndSchema.optional(),
    publishTo: WindowEndSchema.optional(),
    pinned: z.boolean().optional(),
  })
  .strict()
  .refine((v) => !windowIssue(v), { path: ['publishTo'], error: key('endAfterStart') });
export type AnnouncementUpdate = z.infer<typeof AnnouncementUpdateSchema>;

export const AnnouncementRowSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  cover: z.string(),
  publishFrom: z.string().nullable(),
  publishTo: z.string().nullable(),
  pinned: z.boolean(),
  state: z.number().int(),
  publishTime: z.string().nullable(),
  createTime: z.string(),
  updateTime: z.string(),
});
export type AnnouncementRow = z.infer<typeof AnnouncementRowSchema>;

/** `GET query?id=`: the row and its (sanitised) content. */
export const AnnouncementDetailSchema = AnnouncementRowSchema.extend({ content: z.string() });
export type AnnouncementDetail = z.infer<typeof AnnouncementDetailSchema>;

// ---- articles ----

export const ARTICLE_SORT_FIELDS = ['updateTime', 'publishTime', 'viewCount', 'title'] as const;

const AuthorSchema = text(50);

export const ArticlePageSchema = listQuerySchema(ARTICLE_SORT_FIELDS, {
  title: TitleFilterSchema,
  category: dictCodeSchema(ArticleCategory).optional(),
  state: ContentStateSchema.optional(),
  author: AuthorSchema.optional(),
});
export type ArticlePage = z.infer<typeof ArticlePageSchema>;

export const ArticleCreateSchema = z
  .object({
    category: dictCodeSchema(ArticleCategory),
    title: TitleSchema,
    cover: ImageUrlSchema.default(''),
    content: RichTextSchema,
    author: AuthorSchema.default(''),
  })
  .strict();
export type ArticleCreate = z.infer<typeof ArticleCreateSchema>;

export const ArticleUpdateSchema = z
  .object({
    id: IdSchema,
    category: dictCodeSchema(ArticleCategory).optional(),
    title: TitleSchema.optional(),
    cover: ImageUrlSchema.optional(),
    content: RichTextSchema.optional(),
    author: AuthorSchema.optional(),
  })
  .strict();
export type ArticleUpdate = z.infer<typeof ArticleUpdateSchema>;

/** The list row carries the body, so the edit drawer opens with it. */
export const ArticleRowSchema = z.object({
  id: z.number().int(),
  category: z.number().int(),
  title: z.string(),
  cover: z.string(),
  content: z.string(),
  author: z.string(),
  state: z.number().int(),
  viewCount: z.number().int(),
  publishTime: z.string().nullable(),
  createTime: z.string(),
  updateTime: z.string(),
});
export type ArticleRow = z.infer<typeof ArticleRowSchema>;

// ---- public reads (mini-program) ----

export const PublicAreaQuerySchema = z.object({ scenicId: IdSchema }).strict();
export const PublicArticlesQuerySchema = z
  .object({
    scenicId: IdSchema,
    category: dictCodeSchema(ArticleCategory).optional(),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    limit: z.coerce.number().int().min(1).max(50).default(20),
  })
  .strict();
export const PublicArticleQuerySchema = z.object({ scenicId: IdSchema, id: IdSchema }).strict();

export const PublicAnnouncementSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  cover: z.string(),
  content: z.string(),
  pinned: z.boolean(),
  publishFrom: z.string().nullable(),
  publishTo: z.string().nullable(),
  publishTime: z.string().nullable(),
});
export type PublicAnnouncement = z.infer<typeof PublicAnnouncementSchema>;

export const PublicArticleSummarySchema = z.object({
  id: z.number().int(),
  category: z.number().int(),
  title: z.string(),
  cover: z.string(),
  author: z.string(),
  viewCount: z.number().int(),
  publishTime: z.string().nullable(),
});
export const PublicArticleSchema = PublicArticleSummarySchema.extend({ content: z.string() });
export type PublicArticle = z.infer<typeof PublicArticleSchema>;
