import { and, desc, eq, ilike } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { ZodType } from 'zod';
import {
  AnnouncementCreateSchema,
  AnnouncementDetailSchema,
  AnnouncementPageSchema,
  AnnouncementRowSchema,
  AnnouncementUpdateSchema,
  announcementApi,
  ArticleCreateSchema,
  ArticlePageSchema,
  ArticleRowSchema,
  ArticleUpdateSchema,
  articleApi,
  ContentMoveSchema,
  windowIssue,
  type AnnouncementPage,
  type AnnouncementRow,
  type ArticlePage,
  type ArticleRow,
} from '../../../shared/api/content.ts';
import { ValidationMessage } from '../../../shared/api/validation-messages.ts';
import { dictLabel } from '../../../shared/dict/dict.ts';
import {
  AnnouncementField,
  ArticleCategory,
  ArticleField,
  ContentState,
  ContentText,
  PinnedFlag,
} from '../../../shared/dict/content.ts';
import type { ContentTransition } from '../../../shared/domain/content-transitions.ts';
import type { Permission } from '../../../shared/perms.ts';
import { perm } from '../../http/access.ts';
import { auditedInRun, registerAction } from '../../http/action.ts';
import type { Resource } from '../../http/crud.ts';
import { FieldError } from '../../http/errors.ts';
import type { ExportColumn } from '../../http/export.ts';
import { registerListResource } from '../../http/list-resource.ts';
import { likeContains } from '../../http/paging.ts';
import { writeAudit } from '../audit/index.ts';
import { cleanRichText } from '../notices/index.ts';
import { ANNOUNCEMENT_MOVES, ARTICLE_MOVES, moveContent, type Movable } from './content.service.ts';
import { announcements, scenicArticles, type Announcement, type ScenicArticle } from './content.table.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const instant = (v: string | null | undefined) => (v == null ? v : new Date(v));

/** Sanitised HTML when sent (400 naming `content` when nothing is left). */
const cleaned = (content: string | undefined) =>
  content === undefined ? {} : { content: cleanRichText(content) };

// ---- announcements (/scenic/announcement, /scenic/announDetail) ----

const announcementResource: Resource<typeof announcements> = {
  table: announcements,
  id: announcements.id,
  scenic: announcements.scenicId,
  module: 'scenic',
  targetType: 'announcement',
  audit: writeAudit,
};

const announcementRow = (a: Announcement): AnnouncementRow => ({
  id: a.id,
  title: a.title,
  cover: a.cover,
  publishFrom: iso(a.publishFrom),
  publishTo: iso(a.publishTo),
  pinned: a.pinned,
  state: a.state,
  publishTime: iso(a.publishedAt),
  createTime: a.createdAt.toISOString(),
  updateTime: a.updatedAt.toISOString(),
});

const announcementWhere = (scenicId: number, q: AnnouncementPage) =>
  and(
    eq(announcements.scenicId, scenicId),
    q.title ? ilike(announcements.title, likeContains(q.title)) : undefined,
    q.state ? eq(announcements.state, q.state) : undefined,
    q.pinned === undefined ? undefined : eq(announcements.pinned, q.pinned),
  );

const ANNOUNCEMENT_EXPORT: ExportColumn<AnnouncementRow>[] = [
  { header: AnnouncementField.title, value: (r) => r.title, width: 36 },
  { header: AnnouncementField.state, value: (r, lang) => dictLabel(ContentState, r.state, lang) },
  { header: AnnouncementField.pinned, value: (r, lang) => dictLabel(PinnedFlag, r.pinned ? 1 : 2, lang) },
  { header: AnnouncementField.publishFrom, value: (r) => r.publishFrom, kind: 'datetime', width: 20 },
  { header: AnnouncementField.publishTo, value: (r) => r.publishTo, kind: 'datetime', width: 20 },
  { header: AnnouncementField.publishTime, value: (r) => r.publishTime, kind: 'datetime', width: 20 },
  { header: AnnouncementField.updateTime, value: (r) => r.updateTime, kind: 'datetime', width: 20 },
];

function announcementResourceRoutes(app: FastifyInstance) {
  registerListResource(app, {
    tag: 'content',
    api: announcementApi,
    perms: {
      page: 'admin:announcement:page',
      create: 'admin:announcement:create',
      update: 'admin:announcement:update',
      delete: 'admin:announcement:delete',
    },
    table: announcements,
    resource: announcementResource,
    where: announcementWhere,
    sort: {
      updateTime: announcements.updatedAt,
      publishFrom: announcements.publishFrom,
      title: announcements.title,
    },
    order: [desc(announcements.pinned), desc(announcements.updatedAt), desc(announcements.id)],
    rowSchema: AnnouncementRowSchema,
    rows: (records) => records.map(announcementRow),
    page: {
      summary: 'Announcements of the acting area, pinned first, then the latest change',
      body: AnnouncementPageSchema,
    },
    export: {
      summary: 'The announcements of the current filter (all pages) as .xlsx',
      fileName: ContentText.announcementExport,
      columns: ANNOUNCEMENT_EXPORT,
    },
    query: {
      summary: 'One announcement of the acting area, with its content',
      response: AnnouncementDetailSchema,
      detail: (record, row) => ({ ...row, content: record.content }),
    },
    create: {
      summary: 'Create a draft announcement; the HTML is sanitised, the window ends after it starts',
      body: AnnouncementCreateSchema,
      values: ({ content, publishFrom, publishTo, ...body }, { scope: scenicId }) => ({
        ...body,
        content: cleanRichText(content),
        publishFrom: instant(publishFrom) ?? null,
        publishTo: instant(publishTo) ?? null,
        scenicId,
      }),
    },
    update: {
      summary:
        'Edit an announcement in any state; only the fields sent change, the window is checked on the result',
      body: AnnouncementUpdateSchema,
      values: ({ content, publishFrom, publishTo, ...body }) => ({
        ...body,
        ...cleaned(content),
        ...(publishFrom === undefined ? {} : { publishFrom: instant(publishFrom) }),
        ...(publishTo === undefined ? {} : { publishTo: instant(publishTo) }),
      }),
      guard: (before, body) => {
        const merged = {
          publishFrom: body.publishFrom === undefined ? iso(before.publishFrom) : body.publishFrom,
          publishTo: body.publishTo === undefined ? iso(before.publishTo) : body.publishTo,
        };
        if (windowIssue(merged)) throw new FieldError('publishTo', ValidationMessage.endAfterStart);
      },
    },
    delete: { summary: 'Delete an announcement' },
  });
}

// ---- articles (/scenic/scenicArticle) ----

const articleResource: Resource<typeof scenicArticles> = {
  table: scenicArticles,
  id: scenicArticles.id,
  scenic: scenicArticles.scenicId,
  module: 'scenic',
  targetType: 'scenicArticle',
  audit: writeAudit,
};

const articleRow = (a: ScenicArticle): ArticleRow => ({
  id: a.id,
  category: a.category,
  title: a.title,
  cover: a.cover,
  content: a.content,
  author: a.author,
  state: a.state,
  viewCount: a.viewCount,
  publishTime: iso(a.publishedAt),
  createTime: a.createdAt.toISOString(),
  updateTime: a.updatedAt.toISOString(),
});

const articleWhere = (scenicId: number, q: ArticlePage) =>
  and(
    eq(scenicArticles.scenicId, scenicId),
    q.title ? ilike(scenicArticles.title, likeContains(q.title)) : undefined,
    q.author ? ilike(scenicArticles.author, likeContains(q.author)) : undefined,
    q.category ? eq(scenicArticles.category, q.category) : undefined,
    q.state ? eq(scenicArticles.state, q.state) : undefined,
  );

const ARTICLE_EXPORT: ExportColumn<ArticleRow>[] = [
  { header: ArticleField.title, value: (r) => r.title, width: 36 },
  { header: ArticleField.category, value: (r, lang) => dictLabel(ArticleCategory, r.category, lang) },
  { header: ArticleField.author, value: (r) => r.author },
  { header: ArticleField.state, value: (r, lang) => dictLabel(ContentState, r.state, lang) },
  { header: ArticleField.viewCount, value: (r) => r.viewCount, kind: 'number' },
  { header: ArticleField.publishTime, value: (r) => r.publishTime, kind: 'datetime', width: 20 },
  { header: ArticleField.updateTime, value: (r) => r.updateTime, kind: 'datetime', width: 20 },
];

function articleResourceRoutes(app: FastifyInstance) {
  registerListResource(app, {
    tag: 'content',
    api: articleApi,
    perms: {
      page: 'admin:scenicArticle:page',
      create: 'admin:scenicArticle:create',
      update: 'admin:scenicArticle:update',
      delete: 'admin:scenicArticle:delete',
    },
    table: scenicArticles,
    resource: articleResource,
    where: articleWhere,
    sort: {
      updateTime: scenicArticles.updatedAt,
      publishTime: scenicArticles.publishedAt,
      viewCount: scenicArticles.viewCount,
      title: scenicArticles.title,
    },
    order: [desc(scenicArticles.updatedAt), desc(scenicArticles.id)],
    rowSchema: ArticleRowSchema,
    rows: (records) => records.map(articleRow),
    page: { summary: 'Articles of the acting area, the latest change first', body: ArticlePageSchema },
    export: {
      summary: 'The articles of the current filter (all pages) as .xlsx',
      fileName: ContentText.articleExport,
      columns: ARTICLE_EXPORT,
    },
    query: { summary: 'One article of the acting area' },
    create: {
      summary: 'Create a draft article; the HTML is sanitised',
      body: ArticleCreateSchema,
      values: ({ content, ...body }, { scope: scenicId }) => ({
        ...body,
        content: cleanRichText(content),
        scenicId,
      }),
    },
    update: {
      summary: 'Edit an article in any state; only the fields sent change',
      body: ArticleUpdateSchema,
      values: ({ content, ...body }) => ({ ...body, ...cleaned(content) }),
    },
    delete: { summary: 'Delete an article' },
  });
}

// ---- publish / withdraw ----

function moveRoutes<T extends PgTable, Row>(
  root: FastifyInstance,
  spec: {
    api: { publish: string; withdraw: string };
    permission: Permission;
    kind: Movable<T>;
    rowSchema: ZodType<Row>;
    row: (record: T['$inferSelect']) => Row;
  },
) {
  const summaries: Record<ContentTransition, string> = {
    publish: 'Publish a draft or withdrawn record; 409 when it is already published',
    withdraw: 'Withdraw a published record; 409 otherwise',
  };
  // moveContent (content.service.ts) writes the move's audit row itself, in the action's transaction
  for (const action of ['publish', 'withdraw'] as const)
    registerAction(root, {
      url: spec.api[action],
      access: perm(spec.permission),
      tag: 'content',
      summary: summaries[action],
      body: ContentMoveSchema,
      response: spec.rowSchema,
      audit: { write: writeAudit, module: 'scenic', action, targetType: spec.kind.targetType },
      run: async (tx, { id, scenicId }, req) =>
        auditedInRun(spec.row(await moveContent(tx, req, spec.kind, action, id, scenicId))),
    });
}

/** docs/product.md §2 /scenic/announcement, /scenic/announDetail and /scenic/scenicArticle. */
export async function contentRoutes(app: FastifyInstance) {
  announcementResourceRoutes(app);
  articleResourceRoutes(app);
  moveRoutes(app, {
    api: announcementApi,
    permission: 'admin:announcement:publish',
    kind: ANNOUNCEMENT_MOVES,
    rowSchema: AnnouncementRowSchema,
    row: announcementRow,
  });
  moveRoutes(app, {
    api: articleApi,
    permission: 'admin:scenicArticle:publish',
    kind: ARTICLE_MOVES,
    rowSchema: ArticleRowSchema,
    row: articleRow,
  });
}
