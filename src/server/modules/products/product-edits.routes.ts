import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdQuerySchema } from '../../../shared/api/general.ts';
import { envelopeSchema } from '../../../shared/api/common.ts';
import {
  ProductCreateSchema,
  ProductShelfSchema,
  ProductUpdateSchema,
  productApi,
} from '../../../shared/api/products.ts';
import { PRODUCT_TYPE, SHELF } from '../../../shared/dict/product.ts';
import type { Db } from '../../db/client.ts';
import { perm, scenicScope } from '../../http/access.ts';
import { createRecord, deleteRecord, updateRecord, type Resource } from '../../http/crud.ts';
import { ok } from '../../http/envelope.ts';
import { AppError } from '../../http/errors.ts';
import { writeAudit } from '../audit/index.ts';
import {
  checkProductRefs,
  deleteProblem,
  productDefaults,
  productInUse,
  productValues,
  replaceSessions,
  shelfProblem,
  type ProductRecord,
} from './products.service.ts';
import { productSessions, ticketProducts } from './products.table.ts';

// hand-registered (file): create, update and delete are not yet actions (issue 29), staff writes still to convert; the shelf moves several products in one move, an audit row for each

const okSchema = envelopeSchema(z.null());

const productResource: Resource<typeof ticketProducts> = {
  table: ticketProducts,
  id: ticketProducts.id,
  scenic: ticketProducts.scenicId,
  module: 'ticket',
  targetType: 'ticketProduct',
  audit: writeAudit,
};

/** Sessions in the audit snapshot of a product. */
const withSessions = async (tx: Db, row: ProductRecord) => ({
  sessions: await tx
    .select({
      id: productSessions.id,
      name: productSessions.name,
      startTime: productSessions.startTime,
      endTime: productSessions.endTime,
    })
    .from(productSessions)
    .where(eq(productSessions.productId, row.id))
    .orderBy(asc(productSessions.startTime)),
});

/** A product saved on shelf must be complete enough to sell (409 naming what is missing). */
async function assertSellable(tx: Db, product: ProductRecord) {
  if (product.shelfStatus !== SHELF.on) return;
  const problem = await shelfProblem(tx, product);
  if (problem) throw problem;
}

async function loadProduct(db: Db, scenicId: number, id: number): Promise<ProductRecord> {
  const [row] = await db
    .select()
    .from(ticketProducts)
    .where(and(eq(ticketProducts.id, id), eq(ticketProducts.scenicId, scenicId)));
  if (!row) throw new AppError(404, 'recordNotFound');
  return row;
}

/** The edits of docs/product.md §2 /ticket/good: create, replace, shelf on or off, delete. */
export async function productEditRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = root.ctx;

  app.post(
    productApi.create,
    {
      config: { access: perm('admin:ticket:create') },
      schema: {
        tags: ['ticket'],
        summary:
          "Create a product (timed products with their sessions); real-name, print and refund fields left out come from the area's settings",
        body: ProductCreateSchema,
        response: { 200: envelopeSchema(z.object({ id: z.number().int() })) },
      },
    },
    async (req) => {
      const scenicId = scenicScope(req);
      const { sessions, ...body } = req.body;
      await checkProductRefs(db, scenicId, body);
      const values = productValues(body, await productDefaults(db, scenicId));
      const row = await db.transaction(async (tx) => {
        const created = await createRecord(
          tx,
          req,
          productResource,
          { ...values, scenicId },
          {
            write: async (inner, product) => {
              if (product.productType === PRODUCT_TYPE.timed)
                await replaceSessions(inner, scenicId, product.id, sessions);
            },
            snapshot: withSessions,
          },
        );
        await assertSellable(tx, created);
        return created;
      });
      return ok(req, { id: row.id });
    },
  );

  app.post(
    productApi.update,
    {
      config: { access: perm('admin:ticket:update') },
      schema: {
        tags: ['ticket'],
        summary:
          "Replace a product; a timed product's sessions are replaced too (a session with sold tickets cannot be removed: 409)",
        body: ProductUpdateSchema,
        response: { 200: okSchema },
      },
    },
    async (req) => {
      const scenicId = scenicScope(req);
      const { id, sessions, ...body } = req.body;
      // 404 before any field check, so another area's product stays invisible
      const current = await loadProduct(db, scenicId, id);
      await checkProductRefs(db, scenicId, body);
      // real-name, print and refund fields left out keep the product's values
      const values = { ...productValues(body, current), updatedAt: new Date() };
      await db.transaction(async (tx) => {
        const after = await updateRecord(tx, req, productResource, id, scenicId, values, {
          guard: async (before, inner) => {
            if (before.productType !== body.productType && (await productInUse(inner, before.id)))
              throw new AppError(409, 'productTypeLocked', { data: { field: 'productType' } });
          },
          write: async (inner, product) => {
            await replaceSessions(
              inner,
              scenicId,
              product.id,
              product.productType === PRODUCT_TYPE.timed ? sessions : [],
            );
          },
          snapshot: withSessions,
        });
        await assertSellable(tx, after);
      });
      return ok(req, null);
    },
  );

  app.post(
    productApi.shelf,
    {
      config: { access: perm('admin:ticket:update') },
      schema: {
        tags: ['ticket'],
        summary:
          'Put products on or take them off the shelf. On shelf needs a complete product (409 naming it); off shelf only stops new sales, paid orders stay valid',
        body: ProductShelfSchema,
        response: { 200: okSchema },
      },
    },
    async (req) => {
      const scenicId = scenicScope(req);
      const { shelfStatus } = req.body;
      const ids = [...new Set(req.body.ids)].sort((a, b) => a - b);
      await db.transaction(async (tx) => {
        for (const id of ids)
          await updateRecord(
            tx,
            req,
            productResource,
            id,
            scenicId,
            { shelfStatus, updatedAt: new Date() },
            {
              action: 'shelf',
              guard: async (before, inner) => {
                if (shelfStatus !== SHELF.on) return;
                const problem = await shelfProblem(inner, before);
                if (problem) throw problem;
              },
            },
          );
      });
      return ok(req, null);
    },
  );

  app.get(
    productApi.delete,
    {
      config: { access: perm('admin:ticket:delete') },
      schema: {
        tags: ['ticket'],
        summary:
          'Delete a product with its sessions and unsold price calendar: 409 when it has sold stock or shows',
        querystring: IdQuerySchema,
        response: { 200: okSchema },
      },
    },
    async (req) => {
      const scenicId = scenicScope(req);
      await deleteRecord(db, req, productResource, req.query.id, scenicId, {
        guard: async (before, tx) => {
          const problem = await deleteProblem(tx, before);
          if (problem) throw problem;
        },
        snapshot: withSessions,
      });
      return ok(req, null);
    },
  );
}
