import { and, asc, count, eq, ilike } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema, pageResultSchema } from '../../../shared/api/common.ts';
import {
  AgreementCreateSchema,
  AgreementPageSchema,
  AgreementRowSchema,
  AgreementUpdateSchema,
  NoticeCreateSchema,
  NoticeDetailSchema,
  NoticeIdQuerySchema,
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
import { NoticeExportText, NoticeField, NoticeType } from '../../../shared/dict/ticket.ts';
import type { Db } from '../../db/client.ts';
import { perm, scenicScope } from '../../http/access.ts';
import { createRecord, deleteRecord, updateRecord, type Resource } from '../../http/crud.ts';
import { ok } from '../../http/envelope.ts';
import { AppError } from '../../http/errors.ts';
import { batchesOf, sendXlsx, type ExportColumn } from '../../http/export.ts';
import { likeContains, orderFor, pageOf } from '../../http/paging.ts';
import { writeAudit } from '../audit/index.ts';
import { ticketProducts } from '../products/index.ts';
import { noticeTemplates, ticketAgreements } from './notices.table.ts';
import { cleanRichText } from './notices.service.ts';

const AGREEMENT = '/web/api/admin/explainRule';
const NOTICE = '/web/api/admin/instructions';

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

const okSchema = envelopeSchema(z.null());
const idSchema = envelopeSchema(z.object({ id: z.number().int() }));

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

function agreementWhere(req: FastifyRequest, q: AgreementPage) {
  return and(
    eq(ticketAgreements.scenicId, scenicScope(req)),
    q.title ? ilike(ticketAgreements.title, likeContains(q.title)) : undefined,
    q.status ? eq(ticketAgreements.status, q.status) : undefined,
  );
}

function noticeWhere(req: FastifyRequest, q: NoticePage) {
  return and(
    eq(noticeTemplates.scenicId, scenicScope(req)),
    q.title ? ilike(noticeTemplates.title, likeContains(q.title)) : undefined,
    q.noticeType ? eq(noticeTemplates.noticeType, q.noticeType) : undefined,
    q.status ? eq(noticeTemplates.status, q.status) : undefined,
  );
}

const agreementOrder = (q: AgreementPage) =>
  orderFor(
    { sort: ticketAgreements.sort, title: ticketAgreements.title, updateTime: ticketAgreements.updatedAt },
    q,
    [asc(ticketAgreements.sort), asc(ticketAgreements.id)],
  );

const noticeOrder = (q: NoticePage) =>
  orderFor(
    {
      sort: noticeTemplates.sort,
      title: noticeTemplates.title,
      noticeType: noticeTemplates.noticeType,
      updateTime: noticeTemplates.updatedAt,
    },
    q,
    [asc(noticeTemplates.sort), asc(noticeTemplates.id)],
  );

/** 409 naming how many products still point at the record (the FK would refuse the delete anyway). */
async function refuseWhenUsed(
  tx: Db,
  column: PgColumn,
  id: number,
  key: 'agreementInUse' | 'noticeInUse',
): Promise<void> {
  const [used] = await tx.select({ n: count() }).from(ticketProducts).where(eq(column, id));
  const n = used?.n ?? 0;
  if (n > 0) throw new AppError(409, key, { params: { count: n }, data: { count: n } });
}

const NOTICE_EXPORT: ExportColumn<NoticeDb>[] = [
  { header: NoticeField.title, value: (r) => r.title, width: 36 },
  { header: NoticeField.noticeType, value: (r, lang) => dictLabel(NoticeType, r.noticeType, lang) },
  { header: NoticeField.status, value: (r, lang) => dictLabel(EnableStatus, r.status, lang) },
  { header: NoticeField.sort, value: (r) => r.sort, kind: 'number' },
  { header: NoticeField.updateTime, value: (r) => r.updatedAt, kind: 'datetime', width: 20 },
];

export async function noticeRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = root.ctx;

  // ---- ticket agreements (/ticket/explainrule) ----

  app.post(
    `${AGREEMENT}/page`,
    {
      config: { access: perm('admin:explainRule:page') },
      schema: {
        tags: ['ticket'],
        summary: 'Ticket agreements of the acting area, with their sanitised HTML',
        body: AgreementPageSchema,
        response: { 200: envelopeSchema(pageResultSchema(AgreementRowSchema)) },
      },
    },
    async (req) => {
      const q = req.body;
      const page = await pageOf(db, ticketAgreements, q, {
        where: agreementWhere(req, q),
        orderBy: agreementOrder(q),
      });
      return ok(req, { rows: page.rows.map(agreementRow), total: page.total });
    },
  );

  app.get(
    `${AGREEMENT}/query`,
    {
      config: { access: perm('admin:explainRule:page') },
      schema: {
        tags: ['ticket'],
        summary: 'One ticket agreement',
        querystring: NoticeIdQuerySchema,
        response: { 200: envelopeSchema(AgreementRowSchema) },
      },
    },
    async (req) => {
      const [row] = await db
        .select()
        .from(ticketAgreements)
        .where(and(eq(ticketAgreements.id, req.query.id), eq(ticketAgreements.scenicId, scenicScope(req))));
      if (!row) throw new AppError(404, 'recordNotFound');
      return ok(req, agreementRow(row));
    },
  );

  app.post(
    `${AGREEMENT}/create`,
    {
      config: { access: perm('admin:explainRule:create') },
      schema: {
        tags: ['ticket'],
        summary: 'Create a ticket agreement; the HTML is sanitised before it is stored',
        body: AgreementCreateSchema,
        response: { 200: idSchema },
      },
    },
    async (req) => {
      const scenicId = scenicScope(req);
      const { content, ...values } = req.body;
      const row = await createRecord(db, req, agreementResource, {
        ...values,
        content: cleanRichText(content),
        scenicId,
      });
      return ok(req, { id: row.id });
    },
  );

  app.post(
    `${AGREEMENT}/update`,
    {
      config: { access: perm('admin:explainRule:update') },
      schema: {
        tags: ['ticket'],
        summary: 'Edit a ticket agreement (only the fields sent change)',
        body: AgreementUpdateSchema,
        response: { 200: okSchema },
      },
    },
    async (req) => {
      const scenicId = scenicScope(req);
      const { id, content, ...values } = req.body;
      await updateRecord(db, req, agreementResource, id, scenicId, {
        ...values,
        ...(content === undefined ? {} : { content: cleanRichText(content) }),
        updatedAt: new Date(),
      });
      return ok(req, null);
    },
  );

  app.get(
    `${AGREEMENT}/delete`,
    {
      config: { access: perm('admin:explainRule:delete') },
      schema: {
        tags: ['ticket'],
        summary: 'Delete a ticket agreement no product uses (409 with the count otherwise)',
        querystring: NoticeIdQuerySchema,
        response: { 200: okSchema },
      },
    },
    async (req) => {
      await deleteRecord(db, req, agreementResource, req.query.id, scenicScope(req), {
        guard: (before, tx) => refuseWhenUsed(tx, ticketProducts.agreementId, before.id, 'agreementInUse'),
      });
      return ok(req, null);
    },
  );

  app.post(
    `${AGREEMENT}/status`,
    {
      config: { access: perm('admin:explainRule:update') },
      schema: {
        tags: ['ticket'],
        summary: 'Enable or disable ticket agreements (spec §4: 1 enabled, 2 disabled)',
        body: NoticeStatusSchema,
        response: { 200: okSchema },
      },
    },
    async (req) => {
      const scenicId = scenicScope(req);
      const { status } = req.body;
      const ids = [...new Set(req.body.ids)].sort((a, b) => a - b);
      await db.transaction(async (tx) => {
        for (const id of ids) {
          await updateRecord(
            tx,
            req,
            agreementResource,
            id,
            scenicId,
            { status, updatedAt: new Date() },
            { action: 'status' },
          );
        }
      });
      return ok(req, null);
    },
  );

  // ---- purchase-notice templates (/ticket/instructions) ----

  app.post(
    `${NOTICE}/page`,
    {
      config: { access: perm('admin:instructions:page') },
      schema: {
        tags: ['ticket'],
        summary: 'Purchase-notice templates of the acting area (without their content)',
        body: NoticePageSchema,
        response: { 200: envelopeSchema(pageResultSchema(NoticeRowSchema)) },
      },
    },
    async (req) => {
      const q = req.body;
      const page = await pageOf(db, noticeTemplates, q, {
        where: noticeWhere(req, q),
        orderBy: noticeOrder(q),
      });
      return ok(req, { rows: page.rows.map(noticeRow), total: page.total });
    },
  );

  app.post(
    `${NOTICE}/export`,
    {
      config: { access: perm('admin:instructions:page') },
      schema: {
        tags: ['ticket'],
        summary: 'The templates of the current filter (all pages) as an .xlsx download, without the HTML',
        body: NoticePageSchema,
      },
    },
    async (req, reply) => {
      const q = req.body;
      return sendXlsx(req, reply, {
        fileName: NoticeExportText.notices,
        columns: NOTICE_EXPORT,
        fetch: batchesOf(db, noticeTemplates, noticeWhere(req, q), noticeOrder(q)),
      });
    },
  );

  app.get(
    `${NOTICE}/query`,
    {
      config: { access: perm('admin:instructions:page') },
      schema: {
        tags: ['ticket'],
        summary: 'One purchase-notice template with its content',
        querystring: NoticeIdQuerySchema,
        response: { 200: envelopeSchema(NoticeDetailSchema) },
      },
    },
    async (req) => {
      const [row] = await db
        .select()
        .from(noticeTemplates)
        .where(and(eq(noticeTemplates.id, req.query.id), eq(noticeTemplates.scenicId, scenicScope(req))));
      if (!row) throw new AppError(404, 'recordNotFound');
      const detail: NoticeDetail = { ...noticeRow(row), content: row.content };
      return ok(req, detail);
    },
  );

  app.post(
    `${NOTICE}/create`,
    {
      config: { access: perm('admin:instructions:create') },
      schema: {
        tags: ['ticket'],
        summary: 'Create a purchase-notice template; the HTML is sanitised before it is stored',
        body: NoticeCreateSchema,
        response: { 200: idSchema },
      },
    },
    async (req) => {
      const scenicId = scenicScope(req);
      const { content, ...values } = req.body;
      const row = await createRecord(db, req, noticeResource, {
        ...values,
        content: cleanRichText(content),
        scenicId,
      });
      return ok(req, { id: row.id });
    },
  );

  app.post(
    `${NOTICE}/update`,
    {
      config: { access: perm('admin:instructions:update') },
      schema: {
        tags: ['ticket'],
        summary: 'Edit a purchase-notice template (only the fields sent change)',
        body: NoticeUpdateSchema,
        response: { 200: okSchema },
      },
    },
    async (req) => {
      const scenicId = scenicScope(req);
      const { id, content, ...values } = req.body;
      await updateRecord(db, req, noticeResource, id, scenicId, {
        ...values,
        ...(content === undefined ? {} : { content: cleanRichText(content) }),
        updatedAt: new Date(),
      });
      return ok(req, null);
    },
  );

  app.get(
    `${NOTICE}/delete`,
    {
      config: { access: perm('admin:instructions:delete') },
      schema: {
        tags: ['ticket'],
        summary: 'Delete a purchase-notice template no product uses (409 with the count otherwise)',
        querystring: NoticeIdQuerySchema,
        response: { 200: okSchema },
      },
    },
    async (req) => {
      await deleteRecord(db, req, noticeResource, req.query.id, scenicScope(req), {
        guard: (before, tx) => refuseWhenUsed(tx, ticketProducts.noticeId, before.id, 'noticeInUse'),
      });
      return ok(req, null);
    },
  );

  app.post(
    `${NOTICE}/status`,
    {
      config: { access: perm('admin:instructions:update') },
      schema: {
        tags: ['ticket'],
        summary: 'Enable or disable purchase-notice templates (spec §4: 1 enabled, 2 disabled)',
        body: NoticeStatusSchema,
        response: { 200: okSchema },
      },
    },
    async (req) => {
      const scenicId = scenicScope(req);
      const { status } = req.body;
      const ids = [...new Set(req.body.ids)].sort((a, b) => a - b);
      await db.transaction(async (tx) => {
        for (const id of ids) {
          await updateRecord(
            tx,
            req,
            noticeResource,
            id,
            scenicId,
            { status, updatedAt: new Date() },
            { action: 'status' },
          );
        }
      });
      return ok(req, null);
    },
  );
}
