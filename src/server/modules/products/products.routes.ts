import { and, arrayContains, asc, desc, eq, ilike, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { IdQuerySchema } from '../../../shared/api/general.ts';
import { envelopeSchema, pageResultSchema } from '../../../shared/api/common.ts';
import {
  ProductDetailSchema,
  ProductFormOptionsSchema,
  ProductPageSchema,
  ProductRowSchema,
  productApi,
  type ProductFormOptions,
  type ProductRow,
} from '../../../shared/api/products.ts';
import { ENABLED } from '../../../shared/dict/account.ts';
import { dictLabel } from '../../../shared/dict/dict.ts';
import { ProductExportText, ProductField } from '../../../shared/dict/product-fields.ts';
import {
  BuyChannel,
  ProductType,
  RealNameType,
  RefundRule,
  ShelfStatus,
  ValidityType,
} from '../../../shared/dict/product.ts';
import type { Db } from '../../db/client.ts';
import { perm, scenicScope } from '../../http/access.ts';
import { ok } from '../../http/envelope.ts';
import { AppError } from '../../http/errors.ts';
import { batchesOf, joinTexts, sendXlsx, type ExportColumn } from '../../http/export.ts';
import { likeContains, orderFor, pageOf } from '../../http/paging.ts';
import { noticeTemplates, ticketAgreements } from '../notices/index.ts';
import { printTemplates } from '../print-templates/index.ts';
import { productEditRoutes } from './product-edits.routes.ts';
import {
  enabledTypes,
  productDefaults,
  productDetail,
  productRowOf,
  typeNames,
  type ProductRecord,
} from './products.service.ts';
import { ticketProducts } from './products.table.ts';
import { ticTypeRoutes } from './tic-types.routes.ts';

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

/**
 * What the product form offers: enabled categories, notices (purchase notices first), agreements
 * and print templates of the area, and a new product's defaults from the area's settings.
 */
async function formOptions(db: Db, scenicId: number): Promise<ProductFormOptions> {
  const [types, notices, agreements, templates, defaults] = await Promise.all([
    enabledTypes(db, scenicId),
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
  return { types, notices, agreements, printTemplates: templates, defaults };
}

/** docs/product.md §2 /ticket/ticType and /ticket/good: ticket categories, and the products with their edits. */
export async function productRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = root.ctx;

  await ticTypeRoutes(root);

  // hand-registered: a read that is not a list resource
  app.post(
    productApi.page,
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

  // hand-registered: streams an .xlsx file
  app.post(
    productApi.export,
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
      const batch = batchesOf(db, ticketProducts, productWhere(scenicScope(req), q), productOrder(q));
      return sendXlsx(req, reply, {
        fileName: ProductExportText.products,
        columns: PRODUCT_EXPORT,
        fetch: async (offset, limit) => productRows(db, await batch(offset, limit)),
      });
    },
  );

  // hand-registered: a read that is not a list resource
  app.get(
    productApi.query,
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

  // hand-registered: a read for a form's picker, not a list resource
  app.get(
    productApi.formOptions,
    {
      config: { access: perm('admin:ticket:page') },
      schema: {
        tags: ['ticket'],
        summary:
          "What the product form offers: enabled categories, notices (purchase notices first), agreements and print templates of the area, and a new product's defaults from the area's settings",
        response: { 200: envelopeSchema(ProductFormOptionsSchema) },
      },
    },
    async (req) => ok(req, await formOptions(db, scenicScope(req))),
  );

  await productEditRoutes(root);
}
