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
import { ok } from '../../http/envelope.ts';
import { AppError } from '../../http/errors.ts';
import { writeAudit } from '../audit/index.ts';
import { findProduct, productOptions } from '../products/index.ts';
import { otaMappings } from './ota.table.ts';
import { channelOf, checkProduct, isUnique, mappingRow } from './ota-route-parts.ts';

const tags = ['ota'];

/** /ota/otaDetails: the mappings of one channel (external code → product) and the products to map. */
export async function otaMappingRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;

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

  app.post(
    otaMappingApi.create,
    {
      config: { access: perm('admin:ota:edit') },
      schema: {
        tags,
        summary: 'Map their product code to a product of the area at an agreed price',
        body: OtaMappingCreateSchema,
        response: { 200: envelopeSchema(OtaMappingRowSchema) },
      },
    },
    async (req) => {
      const scenicId = scenicScope(req);
      const body = req.body;
      await channelOf(db, scenicId, body.channelId);
      const product = await checkProduct(db, scenicId, body.productId);
      const row = await db.transaction(async (tx) => {
        let m;
        try {
          [m] = await tx
            .insert(otaMappings)
            .values({ scenicId, ...body })
            .returning();
        } catch (err) {
          if (isUnique(err))
            throw new AppError(409, 'otaMappingCodeTaken', {
              params: { code: body.externalCode },
              data: { field: 'externalCode' },
            });
          throw err;
        }
        await writeAudit(tx, req, {
          module: 'ota',
          action: 'create',
          targetType: 'otaMapping',
          targetId: m!.id,
          after: m,
        });
        return m!;
      });
      return ok(req, mappingRow(row, product.name));
    },
  );

  app.post(
    otaMappingApi.update,
    {
      config: { access: perm('admin:ota:edit') },
      schema: {
        tags,
        summary: 'Edit a mapping; only the fields sent change',
        body: OtaMappingUpdateSchema,
        response: { 200: envelopeSchema(OtaMappingRowSchema) },
      },
    },
    async (req) => {
      const scenicId = scenicScope(req);
      const { id, ...changes } = req.body;
      const [before] = await db
        .select()
        .from(otaMappings)
        .where(and(eq(otaMappings.id, id), eq(otaMappings.scenicId, scenicId)));
      if (!before) throw new AppError(404, 'recordNotFound');
      const product = await checkProduct(db, scenicId, changes.productId ?? before.productId);
      const set = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
      const row = await db.transaction(async (tx) => {
        let m;
        try {
          [m] = Object.keys(set).length
            ? await tx.update(otaMappings).set(set).where(eq(otaMappings.id, id)).returning()
            : [before];
        } catch (err) {
          if (isUnique(err))
            throw new AppError(409, 'otaMappingCodeTaken', {
              params: { code: String(set.externalCode) },
              data: { field: 'externalCode' },
            });
          throw err;
        }
        await writeAudit(tx, req, {
          module: 'ota',
          action: 'update',
          targetType: 'otaMapping',
          targetId: id,
          before,
          after: m,
        });
        return m!;
      });
      return ok(req, mappingRow(row, product.name));
    },
  );

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
