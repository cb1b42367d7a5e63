import { and, asc, eq, ilike } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  agreementApi,
  AgreementCreateSchema,
  AgreementPageSchema,
  AgreementRowSchema,
  AgreementUpdateSchema,
  NoticeCreateSchema,
  NoticeDetailSchema,
  noticeApi,
  NoticePageSchema,
  NoticeRowSchema,
  NoticeStatusSchema,
  NoticeUpdateSchema,
  type AgreementPage,
  type AgreementRow,
  type NoticeDetail,
  type NoticePage,
  type NoticeRow,
} from '../../../shared/api/notices.ts';
import { EnableStatus } from '../../../shared/dict/account.ts';
import { dictLabel } from '../../../shared/dict/dict.ts';
import { NoticeExportText, NoticeField, NoticeType } from '../../../shared/dict/notices.ts';
import type { Db } from '../../db/client.ts';
import { type Resource } from '../../http/crud.ts';
import { AppError } from '../../http/errors.ts';
import { type ExportColumn } from '../../http/export.ts';
import { registerListResource, type ListContext } from '../../http/list-resource.ts';
import { likeContains } from '../../http/paging.ts';
import type { ExtensionPoint } from '../../lib/extension-point.ts';
import { countUses, type UseCounter } from '../../lib/record-uses.ts';
import { cleanRichText } from '../../http/rich-text.ts';
import { writeAudit } from '../audit/index.ts';
import { agreementUses, noticeUses } from './notice-uses.ts';
import { noticeTemplates, ticketAgreements } from './notices.table.ts';

const agreementResource: Resource<typeof ticketAgreements> = {
  table: ticketAgreements,
  id: ticketAgreements.id,
  scenic: ticketAgreements.scenicId,
  module: 'ticket',
  targetType: 'agreement',
  audit: writeAudit,
};

const noticeResource: Resource<typeof noticeTemplates> = {
  table: noticeTemplates,
  id: noticeTemplates.id,
  scenic: noticeTemplates.scenicId,
  module: 'ticket',
  targetType: 'notice',
  audit: writeAudit,
};

type AgreementDb = typeof ticketAgreements.$inferSelect;
type NoticeDb = typeof noticeTemplates.$inferSelect;

const agreementRow = (r: AgreementDb): AgreementRow => ({
  id: r.id,
  title: r.title,
  content: r.content,
  status: r.status,
  sort: r.sort,
  createTime: r.createdAt.toISOString(),
  updateTime: r.updatedAt.toISOString(),
});

const noticeRow = (r: NoticeDb): NoticeRow => ({
  id: r.id,
  title: r.title,
  noticeType: r.noticeType,
  status: r.status,
  sort: r.sort,
  createTime: r.createdAt.toISOString(),
  updateTime: r.updatedAt.toISOString(),
});

function agreementWhere(scenicId: number, q: AgreementPage) {
  return and(
    eq(ticketAgreements.scenicId, scenicId),
    q.title ? ilike(ticketAgreements.title, likeContains(q.title)) : undefined,
    q.status ? eq(ticketAgreements.status, q.status) : undefined,
  );
}

function noticeWhere(scenicId: number, q: NoticePage) {
  return and(
    eq(noticeTemplates.scenicId, scenicId),
    q.title ? ilike(noticeTemplates.title, likeContains(q.title)) : undefined,
    q.noticeType ? eq(noticeTemplates.noticeType, q.noticeType) : undefined,
    q.status ? eq(noticeTemplates.status, q.status) : undefined,
  );
}

/** A new record's values: the HTML sanitised before it is stored, in the acting area. */
function created<B extends { content: string }>({ content, ...values }: B, { scope }: ListContext<number>) {
  return { ...values, content: cleanRichText(content), scenicId: scope };
}

/** An edit's values: the HTML, when sent, is sanitised before it is stored. */
function sanitised<B extends { content?: string | undefined }>({ content, ...rest }: B) {
  return { ...rest, ...(content === undefined ? {} : { content: cleanRichText(content) }) };
}

/** 409 naming how many products still point at the record (the FK would refuse the delete anyway). */
function refuseWhenUsed(uses: ExtensionPoint<UseCounter>, key: 'agreementInUse' | 'noticeInUse') {
  return async (before: { id: number }, tx: Db): Promise<void> => {
    const n = await countUses(uses, tx, before.id);
    if (n > 0) throw new AppError(409, key, { params: { count: n }, data: { count: n } });
  };
}

const NOTICE_EXPORT: ExportColumn<NoticeRow>[] = [
  { header: NoticeField.title, value: (r) => r.title, width: 36 },
  { header: NoticeField.noticeType, value: (r, lang) => dictLabel(NoticeType, r.noticeType, lang) },
  { header: NoticeField.status, value: (r, lang) => dictLabel(EnableStatus, r.status, lang) },
  { header: NoticeField.sort, value: (r) => r.sort, kind: 'number' },
  { header: NoticeField.updateTime, value: (r) => r.updateTime, kind: 'datetime', width: 20 },
];

export async function noticeRoutes(root: FastifyInstance) {
  // ---- ticket agreements (/ticket/explainrule) ----
  registerListResource(root, {
    tag: 'ticket',
    api: agreementApi,
    perms: {
      page: 'admin:explainRule:page',
      create: 'admin:explainRule:create',
      update: 'admin:explainRule:update',
      delete: 'admin:explainRule:delete',
    },
    table: ticketAgreements,
    resource: agreementResource,
    where: agreementWhere,
    sort: {
      sort: ticketAgreements.sort,
      title: ticketAgreements.title,
      updateTime: ticketAgreements.updatedAt,
    },
    order: [asc(ticketAgreements.sort), asc(ticketAgreements.id)],
    rowSchema: AgreementRowSchema,
    rows: (records) => records.map(agreementRow),
    page: {
      summary: 'Ticket agreements of the acting area, with their sanitised HTML',
      body: AgreementPageSchema,
    },
    query: { summary: 'One ticket agreement' },
    create: {
      summary: 'Create a ticket agreement; the HTML is sanitised before it is stored',
      body: AgreementCreateSchema,
      values: created,
      returns: 'id',
    },
    update: {
      summary: 'Edit a ticket agreement (only the fields sent change)',
      body: AgreementUpdateSchema,
      values: sanitised,
      returns: 'ok',
    },
    delete: {
      summary: 'Delete a ticket agreement no product uses (409 with the count otherwise)',
      guard: refuseWhenUsed(agreementUses, 'agreementInUse'),
    },
    status: {
      summary: 'Enable or disable ticket agreements (docs/product.md §4: 1 enabled, 2 disabled)',
      body: NoticeStatusSchema,
    },
  });

  // ---- purchase-notice templates (/ticket/instructions) ----
  registerListResource(root, {
    tag: 'ticket',
    api: noticeApi,
    perms: {
      page: 'admin:instructions:page',
      create: 'admin:instructions:create',
      update: 'admin:instructions:update',
      delete: 'admin:instructions:delete',
    },
    table: noticeTemplates,
    resource: noticeResource,
    where: noticeWhere,
    sort: {
      sort: noticeTemplates.sort,
      title: noticeTemplates.title,
      noticeType: noticeTemplates.noticeType,
      updateTime: noticeTemplates.updatedAt,
    },
    order: [asc(noticeTemplates.sort), asc(noticeTemplates.id)],
    rowSchema: NoticeRowSchema,
    rows: (records) => records.map(noticeRow),
    page: {
      summary: 'Purchase-notice templates of the acting area (without their content)',
      body: NoticePageSchema,
    },
    export: {
      summary: 'The templates of the current filter (all pages) as an .xlsx download, without the HTML',
      fileName: NoticeExportText.notices,
      columns: NOTICE_EXPORT,
    },
    query: {
      summary: 'One purchase-notice template with its content',
      response: NoticeDetailSchema,
      detail: (record, row): NoticeDetail => ({ ...row, content: record.content }),
    },
    create: {
      summary: 'Create a purchase-notice template; the HTML is sanitised before it is stored',
      body: NoticeCreateSchema,
      values: created,
      returns: 'id',
    },
    update: {
      summary: 'Edit a purchase-notice template (only the fields sent change)',
      body: NoticeUpdateSchema,
      values: sanitised,
      returns: 'ok',
    },
    delete: {
      summary: 'Delete a purchase-notice template no product uses (409 with the count otherwise)',
      guard: refuseWhenUsed(noticeUses, 'noticeInUse'),
    },
    status: {
      summary: 'Enable or disable purchase-notice templates (docs/product.md §4: 1 enabled, 2 disabled)',
      body: NoticeStatusSchema,
    },
  });
}
