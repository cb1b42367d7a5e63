import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema, IdSchema, pageResultSchema } from '../../../shared/api/common.ts';
import {
  otaMappingApi,
  OtaMappingCreateSchema,
  OtaMappingPageSchema,
  OtaMappingRowSchema,
  OtaMappingUpdateSchema,
  OtaProductOptionSchema,
  type OtaMappingRow,
} from '../../../shared/api/ota.ts';
import { perm, scenicScope } from '../../http/access.ts';
import { audited, registerAction } from '../../http/action.ts';
import { ok } from '../../http/envelope.ts';
import { AppError } from '../../http/errors.ts';
import { writeAudit } from '../audit/index.ts';
import { findProduct, productOptions } from '../products/index.ts';
import { otaMappings } from './ota.table.ts';
import { channelOf, checkProduct, isUnique, mappingRow } from './ota-route-parts.ts';

const tags = ['ota'];

/** The mappings' audit rows (every write below). */
const audit = { write: writeAudit, module: 'ota', targetType: 'otaMapping' } as const;

/** A unique violation of the mapping's code: 409 naming it; anything else as it was. */
const codeTaken = (code: string) => (err: unknown) => {
  if (isUnique(err))
    throw new AppError(409, 'otaMappingCodeTaken', { params: { code }, data: { field: 'externalCode' } });
  throw err;
};

/** /ota/otaDetails: the mappings of one channel (external code → product) and the products to map. */
export async function otaMappingRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;

  // hand-registered: a read that is not a list resource
  app.post(
    otaMappingApi.page,
    {
      config: { access: perm('admin:ota:page') },
      schema: {
        tags,
        summary: 'The product mapping of a channel of the acting area',
        body: OtaMappingPageSchema,
        response: { 200: envelopeSchema(pageResultSchema(OtaMappingRowSchema)) },
      },
    },
    async (req) => {
      const scenicId = scenicScope(req);
      const q = req.body;
      await channelOf(db, scenicId, q.channelId);
      const where = and(
        eq(otaMappings.scenicId, scenicId),
        eq(otaMappings.channelId, q.channelId),
        q.externalCode ? eq(otaMappings.externalCode, q.externalCode) : undefined,
      );
      const sortCol = {
        externalCode: otaMappings.externalCode,
        price: otaMappings.price,
        createTime: otaMappings.createdAt,
      }[q.sort ?? 'externalCode'];
      const all = await db
        .select()
        .from(otaMappings)
        .where(where)
        .orderBy(q.sort && q.order === 'desc' ? desc(sortCol) : asc(sortCol), asc(otaMappings.id))
        .limit(q.limit)
        .offset((q.page - 1) * q.limit);
      const [total] = await db.select({ n: count() }).from(otaMappings).where(where);
      const rows: OtaMappingRow[] = [];
      for (const m of all)
        rows.push(mappingRow(m, (await findProduct(db, scenicId, m.productId))?.name ?? ''));
      return ok(req, { rows, total: Number(total?.n ?? 0) });
    },
  );

  // hand-registered: a read for a form's picker, not a list resource
  app.get(
    otaMappingApi.products,
    {
      config: { access: perm('admin:ota:page') },
      schema: {
        tags,
        summary: 'The products of the acting area, for the mapping’s product picker',
        response: { 200: envelopeSchema(z.array(OtaProductOptionSchema)) },
      },
    },
    async (req) =>
      ok(
        req,
        (await productOptions(db, scenicScope(req))).map(({ id, name, price, shelfStatus }) => ({
          id,
          name,
          price,
          shelfStatus,
        })),
      ),
  );
}

/** /ota/otaDetails: adding, editing and deleting the mappings of a channel. */
export async function otaMappingEditRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;

  registerAction(root, {
    url: otaMappingApi.create,
    access: perm('admin:ota:edit'),
    tag: 'ota',
    summary: 'Map their product code to a product of the area at an agreed price',
    body: OtaMappingCreateSchema,
    response: OtaMappingRowSchema,
    audit: { ...audit, action: 'create' },
    run: async (tx, { adminId: _, ...values }) => {
      await channelOf(tx, values.scenicId, values.channelId);
      const product = await checkProduct(tx, values.scenicId, values.productId);
      const [m] = await tx
        .insert(otaMappings)
        .values(values)
        .returning()
        .catch(codeTaken(values.externalCode));
      return audited(mappingRow(m!, product.name), { targetId: m!.id, after: m });
    },
  });

  registerAction(root, {
    url: otaMappingApi.update,
    access: perm('admin:ota:edit'),
    tag: 'ota',
    summary: 'Edit a mapping; only the fields sent change',
    body: OtaMappingUpdateSchema,
    response: OtaMappingRowSchema,
    audit: { ...audit, action: 'update' },
    run: async (tx, { scenicId, adminId: _, id, ...changes }) => {
      const [before] = await tx
        .select()
        .from(otaMappings)
        .where(and(eq(otaMappings.id, id), eq(otaMappings.scenicId, scenicId)));
      if (!before) throw new AppError(404, 'recordNotFound');
      const product = await checkProduct(tx, scenicId, changes.productId ?? before.productId);
      const set = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
      const [m] = Object.keys(set).length
        ? await tx
            .update(otaMappings)
            .set(set)
            .where(eq(otaMappings.id, id))
            .returning()
            .catch(codeTaken(String(set.externalCode)))
        : [before];
      return audited(mappingRow(m!, product.name), { targetId: id, before, after: m });
    },
  });

  // hand-registered: its answer has no schema in the OpenAPI document, which this change keeps as it is
  app.get(
    otaMappingApi.delete,
    {
      config: { access: perm('admin:ota:edit') },
      schema: { tags, summary: 'Delete a mapping', querystring: z.object({ id: IdSchema }) },
    },
    async (req) => {
      const scenicId = scenicScope(req);
      await db.transaction(async (tx) => {
        const [gone] = await tx
          .delete(otaMappings)
          .where(and(eq(otaMappings.id, req.query.id), eq(otaMappings.scenicId, scenicId)))
          .returning();
        if (!gone) throw new AppError(404, 'recordNotFound');
        await writeAudit(tx, req, {
          module: 'ota',
          action: 'delete',
          targetType: 'otaMapping',
          targetId: gone.id,
          before: gone,
        });
      });
      return ok(req, null);
    },
  );
}
