import { and, asc, count, eq, ilike, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdQuerySchema } from '../../../shared/api/accounts.ts';
import { envelopeSchema, pageResultSchema } from '../../../shared/api/common.ts';
import {
  TicTypeCreateSchema,
  TicTypeOptionSchema,
  TicTypePageSchema,
  TicTypeRowSchema,
  TicTypeStatusSchema,
  TicTypeUpdateSchema,
  ticTypeApi,
  type TicTypeRow,
} from '../../../shared/api/products.ts';
import { EnableStatus } from '../../../shared/dict/account.ts';
import { dictLabel } from '../../../shared/dict/dict.ts';
import { ProductExportText, TicTypeField } from '../../../shared/dict/product-fields.ts';
import type { Db } from '../../db/client.ts';
import { perm, scenicScope } from '../../http/access.ts';
import { createRecord, deleteRecord, updateRecord, type Resource } from '../../http/crud.ts';
import { ok } from '../../http/envelope.ts';
import { AppError } from '../../http/errors.ts';
import { batchesOf, sendXlsx, type ExportColumn } from '../../http/export.ts';
import { likeContains, orderFor, pageOf } from '../../http/paging.ts';
import { writeAudit } from '../audit/index.ts';
import { enabledTypes } from './products.service.ts';
import { ticketProducts, ticketTypes } from './products.table.ts';

const okSchema = envelopeSchema(z.null());

const typeResource: Resource<typeof ticketTypes> = {
  table: ticketTypes,
  id: ticketTypes.id,
  scenic: ticketTypes.scenicId,
  module: 'ticket',
  targetType: 'ticType',
  audit: writeAudit,
};

type TypeQuery = z.infer<typeof TicTypePageSchema>;

function typeWhere(scenicId: number, q: TypeQuery) {
  return and(
    eq(ticketTypes.scenicId, scenicId),
    q.name ? ilike(ticketTypes.name, likeContains(q.name)) : undefined,
    q.status ? eq(ticketTypes.status, q.status) : undefined,
  );
}

function typeOrder(q: TypeQuery) {
  return orderFor({ sort: ticketTypes.sort, name: ticketTypes.name, createTime: ticketTypes.createdAt }, q, [
    asc(ticketTypes.sort),
    asc(ticketTypes.id),
  ]);
}

async function typeRows(db: Db, rows: (typeof ticketTypes.$inferSelect)[]): Promise<TicTypeRow[]> {
  const ids = rows.map((r) => r.id);
  const counts = ids.length
    ? await db
        .select({ typeId: ticketProducts.typeId, n: count() })
        .from(ticketProducts)
        .where(inArray(ticketProducts.typeId, ids))
        .groupBy(ticketProducts.typeId)
    : [];
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    sort: r.sort,
    status: r.status,
    remark: r.remark,
    productCount: counts.find((c) => c.typeId === r.id)?.n ?? 0,
    createTime: r.createdAt.toISOString(),
    updateTime: r.updatedAt.toISOString(),
  }));
}

const TYPE_EXPORT: ExportColumn<TicTypeRow>[] = [
  { header: TicTypeField.name, value: (r) => r.name, width: 24 },
  { header: TicTypeField.sort, value: (r) => r.sort, kind: 'number' },
  { header: TicTypeField.status, value: (r, lang) => dictLabel(EnableStatus, r.status, lang) },
  { header: TicTypeField.productCount, value: (r) => r.productCount, kind: 'number' },
  { header: TicTypeField.remark, value: (r) => r.remark, width: 30 },
  { header: TicTypeField.createTime, value: (r) => r.createTime, kind: 'datetime', width: 20 },
];

/** A category cannot be deleted while products use it (409). */
async function assertUnused(tx: Db, type: typeof ticketTypes.$inferSelect) {
  const [used] = await tx
    .select({ n: count() })
    .from(ticketProducts)
    .where(eq(ticketProducts.typeId, type.id));
  if (used?.n) throw new AppError(409, 'ticTypeInUse', { params: { count: used.n } });
}

/** docs/product.md §2 /ticket/ticType: the ticket categories of the acting area. */
export async function ticTypeRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = root.ctx;

  app.post(
    ticTypeApi.page,
    {
      config: { access: perm('admin:ticType:page') },
      schema: {
        tags: ['ticket'],
        summary: 'Ticket categories of the acting area, with how many products use each',
        body: TicTypePageSchema,
        response: { 200: envelopeSchema(pageResultSchema(TicTypeRowSchema)) },
      },
    },
    async (req) => {
      const q = req.body;
      const page = await pageOf(db, ticketTypes, q, {
        where: typeWhere(scenicScope(req), q),
        orderBy: typeOrder(q),
      });
      return ok(req, { rows: await typeRows(db, page.rows), total: page.total });
    },
  );

  app.post(
    ticTypeApi.list,
    {
      config: { access: perm('admin:ticket:page') },
      schema: {
        tags: ['ticket'],
        summary: 'Enabled categories of the acting area for selects (by sort, then name)',
        response: { 200: envelopeSchema(z.array(TicTypeOptionSchema)) },
      },
    },
    async (req) => ok(req, await enabledTypes(db, scenicScope(req))),
  );

  app.post(
    ticTypeApi.export,
    {
      config: { access: perm('admin:ticType:page') },
      schema: {
        tags: ['ticket'],
        summary: 'The categories of the current filter (all pages) as an .xlsx download',
        body: TicTypePageSchema,
      },
    },
    async (req, reply) => {
      const q = req.body;
      const batch = batchesOf(db, ticketTypes, typeWhere(scenicScope(req), q), typeOrder(q));
      return sendXlsx(req, reply, {
        fileName: ProductExportText.ticTypes,
        columns: TYPE_EXPORT,
        fetch: async (offset, limit) => typeRows(db, await batch(offset, limit)),
      });
    },
  );

  app.post(
    ticTypeApi.create,
    {
      config: { access: perm('admin:ticType:create') },
      schema: {
        tags: ['ticket'],
        summary: 'Create a category in the acting area (names unique per area)',
        body: TicTypeCreateSchema,
        response: { 200: envelopeSchema(z.object({ id: z.number().int() })) },
      },
    },
    async (req) => {
      const row = await createRecord(db, req, typeResource, { ...req.body, scenicId: scenicScope(req) });
      return ok(req, { id: row.id });
    },
  );

  app.post(
    ticTypeApi.update,
    {
      config: { access: perm('admin:ticType:update') },
      schema: {
        tags: ['ticket'],
        summary: 'Edit a category of the acting area (only the fields sent change)',
        body: TicTypeUpdateSchema,
        response: { 200: okSchema },
      },
    },
    async (req) => {
      const { id, ...values } = req.body;
      await updateRecord(db, req, typeResource, id, scenicScope(req), { ...values, updatedAt: new Date() });
      return ok(req, null);
    },
  );

  app.post(
    ticTypeApi.status,
    {
      config: { access: perm('admin:ticType:update') },
      schema: {
        tags: ['ticket'],
        summary:
          'Enable or disable categories; a disabled one is not offered for new products and its products cannot go on shelf',
        body: TicTypeStatusSchema,
        response: { 200: okSchema },
      },
    },
    async (req) => {
      const scenicId = scenicScope(req);
      const ids = [...new Set(req.body.ids)].sort((a, b) => a - b);
      const { status } = req.body;
      await db.transaction(async (tx) => {
        for (const id of ids)
          await updateRecord(
            tx,
            req,
            typeResource,
            id,
            scenicId,
            { status, updatedAt: new Date() },
            { action: 'status' },
          );
      });
      return ok(req, null);
    },
  );

  app.get(
    ticTypeApi.delete,
    {
      config: { access: perm('admin:ticType:delete') },
      schema: {
        tags: ['ticket'],
        summary: 'Delete a category: 409 while products use it',
        querystring: IdQuerySchema,
        response: { 200: okSchema },
      },
    },
    async (req) => {
      await deleteRecord(db, req, typeResource, req.query.id, scenicScope(req), {
        guard: (before, tx) => assertUnused(tx, before),
      });
      return ok(req, null);
    },
  );
}
