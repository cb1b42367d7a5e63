import { and, arrayContains, asc, count, desc, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdQuerySchema } from '../../../shared/api/accounts.ts';
import { envelopeSchema, pageResultSchema } from '../../../shared/api/common.ts';
import {
  ProductCreateSchema,
  ProductDetailSchema,
  ProductFormOptionsSchema,
  ProductPageSchema,
  ProductRowSchema,
  ProductShelfSchema,
  ProductUpdateSchema,
  TicTypeCreateSchema,
  TicTypeOptionSchema,
  TicTypePageSchema,
  TicTypeRowSchema,
  TicTypeStatusSchema,
  TicTypeUpdateSchema,
  type ProductRow,
  type TicTypeRow,
} from '../../../shared/api/products.ts';
import { ENABLED, EnableStatus } from '../../../shared/dict/account.ts';
import { dictLabel } from '../../../shared/dict/dict.ts';
import { ProductExportText, ProductField, TicTypeField } from '../../../shared/dict/product-fields.ts';
import {
  BuyChannel,
  PRODUCT_TYPE,
  ProductType,
  RealNameType,
  RefundRule,
  SHELF,
  ShelfStatus,
  ValidityType,
} from '../../../shared/dict/ticket.ts';
import type { Db } from '../../db/client.ts';
import { perm, scenicScope } from '../../http/access.ts';
import { createRecord, deleteRecord, updateRecord, type Resource } from '../../http/crud.ts';
import { ok } from '../../http/envelope.ts';
import { AppError } from '../../http/errors.ts';
import { joinTexts, sendXlsx, type ExportColumn } from '../../http/export.ts';
import { likeContains, orderFor, pageOf } from '../../http/paging.ts';
import { writeAudit } from '../audit/index.ts';
import { noticeTemplates, ticketAgreements } from '../notices/index.ts';
import { printTemplates } from '../print-templates/index.ts';
import {
  checkProductRefs,
  deleteProblem,
  productDefaults,
  productDetail,
  productInUse,
  productRowOf,
  productValues,
  replaceSessions,
  shelfProblem,
  typeNames,
  type ProductRecord,
} from './products.service.ts';
import { productSessions, ticketProducts, ticketTypes } from './products.table.ts';

const TYPE_BASE = '/web/api/admin/ticType';
const BASE = '/web/api/admin/ticket';
const MODULE = 'ticket';
const okSchema = envelopeSchema(z.null());

const typeResource: Resource<typeof ticketTypes> = {
  table: ticketTypes,
  id: ticketTypes.id,
  scenic: ticketTypes.scenicId,
  module: MODULE,
  targetType: 'ticType',
  audit: writeAudit,
};

const productResource: Resource<typeof ticketProducts> = {
  table: ticketProducts,
  id: ticketProducts.id,
  scenic: ticketProducts.scenicId,
  module: MODULE,
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

// ---------------------------------------------------------------------------------------------
// categories

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

// ---------------------------------------------------------------------------------------------
// products

type ProductQuery = z.infer<typeof ProductPageSchema>;

function productWhere(scenicId: number, q: ProductQuery) {
  return and(
    eq(ticketProducts.scenicId, scenicId),
    q.name ? ilike(ticketProducts.name, likeContains(q.name)) : undefined,
    q.typeId ? eq(ticketProducts.typeId, q.typeId) : undefined,
    q.productType ? eq(ticketProducts.productType, q.productType) : undefined,
    q.shelfStatus ? eq(ticketProducts.shelfStatus, q.shelfStatus) : undefined,
    q.channel ? arrayContains(ticketProducts.channels, [q.channel]) : undefined,
  );
}

function productOrder(q: ProductQuery) {
  return orderFor(
    {
      sort: ticketProducts.sort,
      name: ticketProducts.name,
      price: ticketProducts.price,
      createTime: ticketProducts.createdAt,
    },
    q,
    [asc(ticketProducts.sort), desc(ticketProducts.id)],
  );
}

async function productRows(db: Db, rows: ProductRecord[]): Promise<ProductRow[]> {
  const names = await typeNames(
    db,
    rows.map((r) => r.typeId),
  );
  return rows.map((r) => productRowOf(r, names.get(r.typeId) ?? ''));
}

const PRODUCT_EXPORT: ExportColumn<ProductRow>[] = [
  { header: ProductField.name, value: (r) => r.name, width: 28 },
  { header: ProductField.typeId, value: (r) => r.typeName },
  { header: ProductField.productType, value: (r, lang) => dictLabel(ProductType, r.productType, lang) },
  { header: ProductField.price, value: (r) => r.price, kind: 'money' },
  { header: ProductField.marketPrice, value: (r) => r.marketPrice, kind: 'money' },
  { header: ProductField.validityType, value: (r, lang) => dictLabel(ValidityType, r.validityType, lang) },
  {
    header: ProductField.channels,
    value: (r, lang) =>
      joinTexts(
        r.channels.map((c) => dictLabel(BuyChannel, c, lang)),
        lang,
      ),
    width: 36,
  },
  { header: ProductField.realNameType, value: (r, lang) => dictLabel(RealNameType, r.realNameType, lang) },
  { header: ProductField.refundRule, value: (r, lang) => dictLabel(RefundRule, r.refundRule, lang) },
  { header: ProductField.shelfStatus, value: (r, lang) => dictLabel(ShelfStatus, r.shelfStatus, lang) },
  { header: ProductField.sort, value: (r) => r.sort, kind: 'number' },
  { header: ProductField.createTime, value: (r) => r.createTime, kind: 'datetime', width: 20 },
];

async function loadProduct(db: Db, scenicId: number, id: number): Promise<ProductRecord> {
  const [row] = await db
    .select()
    .from(ticketProducts)
    .where(and(eq(ticketProducts.id, id), eq(ticketProducts.scenicId, scenicId)));
  if (!row) throw new AppError(404, 'recordNotFound');
  return row;
}

export async function productRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = root.ctx;

  // ----- categories -----

  app.post(
    `${TYPE_BASE}/page`,
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
    `${TYPE_BASE}/list`,
    {
      config: { access: perm('admin:ticket:page') },
      schema: {
        tags: ['ticket'],
        summary: 'Enabled categories of the acting area for selects (by sort, then name)',
        response: { 200: envelopeSchema(z.array(TicTypeOptionSchema)) },
      },
    },
    async (req) => {
      const rows = await db
        .select({ id: ticketTypes.id, name: ticketTypes.name })
        .from(ticketTypes)
        .where(and(eq(ticketTypes.scenicId, scenicScope(req)), eq(ticketTypes.status, ENABLED)))
        .orderBy(asc(ticketTypes.sort), asc(ticketTypes.name));
      return ok(req, rows);
    },
  );

  app.post(
    `${TYPE_BASE}/export`,
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
      const where = typeWhere(scenicScope(req), q);
      return sendXlsx(req, reply, {
        fileName: ProductExportText.ticTypes,
        columns: TYPE_EXPORT,
        fetch: async (offset, limit) =>
          typeRows(
            db,
            await db
              .select()
              .from(ticketTypes)
              .where(where)
              .orderBy(...typeOrder(q))
              .limit(limit)
              .offset(offset),
          ),
      });
    },
  );

  app.post(
    `${TYPE_BASE}/create`,
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
    `${TYPE_BASE}/update`,
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
    `${TYPE_BASE}/status`,
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
      await db.transaction(async (tx) => {
        for (const id of ids)
          await updateRecord(
            tx,
            req,
            typeResource,
            id,
            scenicId,
            { status: req.body.status, updatedAt: new Date() },
            { action: 'status' },
          );
      });
      return ok(req, null);
    },
  );

  app.get(
    `${TYPE_BASE}/delete`,
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
        guard: async (before, tx) => {
          const [used] = await tx
            .select({ n: count() })
            .from(ticketProducts)
            .where(eq(ticketProducts.typeId, before.id));
          if (used?.n) throw new AppError(409, 'ticTypeInUse', { params: { count: used.n } });
        },
      });
      return ok(req, null);
    },
  );

  // ----- products -----

  app.post(
    `${BASE}/page`,
    {
      config: { access: perm('admin:ticket:page') },
      schema: {
        tags: ['ticket'],
        summary: 'Ticket products of the acting area, with their category names',
        body: ProductPageSchema,
        response: { 200: envelopeSchema(pageResultSchema(ProductRowSchema)) },
      },
    },
    async (req) => {
      const q = req.body;
      const page = await pageOf(db, ticketProducts, q, {
        where: productWhere(scenicScope(req), q),
        orderBy: productOrder(q),
      });
      return ok(req, { rows: await productRows(db, page.rows), total: page.total });
    },
  );

  app.post(
    `${BASE}/export`,
    {
      config: { access: perm('admin:ticket:page') },
      schema: {
        tags: ['ticket'],
        summary: 'The products of the current filter (all pages) as an .xlsx download',
        body: ProductPageSchema,
      },
    },
    async (req, reply) => {
      const q = req.body;
      const where = productWhere(scenicScope(req), q);
      return sendXlsx(req, reply, {
        fileName: ProductExportText.products,
        columns: PRODUCT_EXPORT,
        fetch: async (offset, limit) =>
          productRows(
            db,
            await db
              .select()
              .from(ticketProducts)
              .where(where)
              .orderBy(...productOrder(q))
              .limit(limit)
              .offset(offset),
          ),
      });
    },
  );

  app.get(
    `${BASE}/query`,
    {
      config: { access: perm('admin:ticket:page') },
      schema: {
        tags: ['ticket'],
        summary: 'One product with its sessions and the names of its notice, agreement and print template',
        querystring: IdQuerySchema,
        response: { 200: envelopeSchema(ProductDetailSchema) },
      },
    },
    async (req) => {
      const detail = await productDetail(db, scenicScope(req), req.query.id);
      if (!detail) throw new AppError(404, 'recordNotFound');
      return ok(req, detail);
    },
  );

  app.get(
    `${BASE}/formOptions`,
    {
      config: { access: perm('admin:ticket:page') },
      schema: {
        tags: ['ticket'],
        summary:
          "What the product form offers: enabled categories, notices (purchase notices first), agreements and print templates of the area, and a new product's defaults from the area's settings",
        response: { 200: envelopeSchema(ProductFormOptionsSchema) },
      },
    },
    async (req) => {
      const scenicId = scenicScope(req);
      const [types, notices, agreements, templates, defaults] = await Promise.all([
        db
          .select({ id: ticketTypes.id, name: ticketTypes.name })
          .from(ticketTypes)
          .where(and(eq(ticketTypes.scenicId, scenicId), eq(ticketTypes.status, ENABLED)))
          .orderBy(asc(ticketTypes.sort), asc(ticketTypes.name)),
        db
          .select({
            id: noticeTemplates.id,
            name: noticeTemplates.title,
            noticeType: noticeTemplates.noticeType,
          })
          .from(noticeTemplates)
          .where(and(eq(noticeTemplates.scenicId, scenicId), eq(noticeTemplates.status, ENABLED)))
          // purchase notices (type 1) first
          .orderBy(
            sql`case when ${noticeTemplates.noticeType} = 1 then 0 else 1 end`,
            asc(noticeTemplates.sort),
            asc(noticeTemplates.id),
          ),
        db
          .select({ id: ticketAgreements.id, name: ticketAgreements.title })
          .from(ticketAgreements)
          .where(and(eq(ticketAgreements.scenicId, scenicId), eq(ticketAgreements.status, ENABLED)))
          .orderBy(asc(ticketAgreements.sort), asc(ticketAgreements.id)),
        db
          .select({ id: printTemplates.id, name: printTemplates.name, isDefault: printTemplates.isDefault })
          .from(printTemplates)
          .where(and(eq(printTemplates.scenicId, scenicId), eq(printTemplates.status, ENABLED)))
          .orderBy(desc(printTemplates.isDefault), asc(printTemplates.id)),
        productDefaults(db, scenicId),
      ]);
      return ok(req, { types, notices, agreements, printTemplates: templates, defaults });
    },
  );

  app.post(
    `${BASE}/create`,
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
        if (created.shelfStatus === SHELF.on) {
          const problem = await shelfProblem(tx, created);
          if (problem) throw problem;
        }
        return created;
      });
      return ok(req, { id: row.id });
    },
  );

  app.post(
    `${BASE}/update`,
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
        if (after.shelfStatus === SHELF.on) {
          const problem = await shelfProblem(tx, after);
          if (problem) throw problem;
        }
      });
      return ok(req, null);
    },
  );

  app.post(
    `${BASE}/shelf`,
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
    `${BASE}/delete`,
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
