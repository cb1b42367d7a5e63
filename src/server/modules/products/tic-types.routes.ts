import { and, asc, count, eq, ilike, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema } from '../../../shared/api/common.ts';
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
import type { Resource } from '../../http/crud.ts';
import { ok } from '../../http/envelope.ts';
import { AppError } from '../../http/errors.ts';
import type { ExportColumn } from '../../http/export.ts';
import { registerListResource } from '../../http/list-resource.ts';
import { likeContains } from '../../http/paging.ts';
import { writeAudit } from '../audit/index.ts';
import { enabledTypes } from './products.service.ts';
import { ticketProducts, ticketTypes } from './products.table.ts';

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

  registerListResource(root, {
    tag: 'ticket',
    api: ticTypeApi,
    perms: {
      page: 'admin:ticType:page',
      create: 'admin:ticType:create',
      update: 'admin:ticType:update',
      delete: 'admin:ticType:delete',
    },
    table: ticketTypes,
    resource: typeResource,
    where: typeWhere,
    sort: { sort: ticketTypes.sort, name: ticketTypes.name, createTime: ticketTypes.createdAt },
    order: [asc(ticketTypes.sort), asc(ticketTypes.id)],
    rowSchema: TicTypeRowSchema,
    rows: (records) => typeRows(db, records),
    page: {
      summary: 'Ticket categories of the acting area, with how many products use each',
      body: TicTypePageSchema,
    },
    export: {
      summary: 'The categories of the current filter (all pages) as an .xlsx download',
      fileName: ProductExportText.ticTypes,
      columns: TYPE_EXPORT,
    },
    create: {
      summary: 'Create a category in the acting area (names unique per area)',
      body: TicTypeCreateSchema,
      values: (body, { scope: scenicId }) => ({ ...body, scenicId }),
      returns: 'id',
    },
    update: {
      summary: 'Edit a category of the acting area (only the fields sent change)',
      body: TicTypeUpdateSchema,
      returns: 'ok',
    },
    delete: {
      summary: 'Delete a category: 409 while products use it',
      guard: (before, tx) => assertUnused(tx, before),
    },
    status: {
      summary:
        'Enable or disable categories; a disabled one is not offered for new products and its products cannot go on shelf',
      body: TicTypeStatusSchema,
    },
  });

  // hand-registered: a read for a form's picker, not a list resource
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
}
