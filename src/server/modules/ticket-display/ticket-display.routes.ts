import { and, asc, count, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema, pageResultSchema, type SortOrder } from '../../../shared/api/common.ts';
import {
  ticketDisplayApi,
  TicketDisplayPageSchema,
  TicketDisplayRowSchema,
  TicketDisplayStatusSchema,
  TicketDisplayUpdateSchema,
  type TicketDisplayPage,
  type TicketDisplayRow,
} from '../../../shared/api/ticket-display.ts';
import { dictLabel } from '../../../shared/dict/dict.ts';
import { DisplayStatus, TicketDisplayField, TicketDisplayText } from '../../../shared/dict/ticket-display.ts';
import { ShelfStatus } from '../../../shared/dict/product.ts';
import type { Db } from '../../db/client.ts';
import { perm, scenicScope } from '../../http/access.ts';
import { audited, registerAction } from '../../http/action.ts';
import { ok } from '../../http/envelope.ts';
import { AppError } from '../../http/errors.ts';
import { joinTexts, sendXlsx, type ExportColumn } from '../../http/export.ts';
import { likeContains } from '../../http/paging.ts';
import { writeAudit } from '../audit/index.ts';
import { ticketProducts } from '../products/index.ts';
import { ticketDisplays, type TicketDisplay } from './ticket-display.table.ts';

type Product = typeof ticketProducts.$inferSelect;

/** What a product shows until its display is saved: its name, first image, intro and sort; shown. */
export function displayDefaults(p: Pick<Product, 'name' | 'images' | 'intro' | 'sort'>) {
  return {
    displayName: p.name.slice(0, 30),
    cover: p.images[0] ?? '',
    shortText: p.intro.slice(0, 100),
    tags: [] as string[],
    sort: Math.min(p.sort, 9999),
    status: 1,
  };
}

const toRow = (p: Product, d: TicketDisplay | null): TicketDisplayRow => ({
  productId: p.id,
  productName: p.name,
  productType: p.productType,
  shelfStatus: p.shelfStatus,
  price: p.price,
  ...(d
    ? {
        displayName: d.displayName,
        cover: d.cover,
        shortText: d.shortText,
        tags: d.tags,
        sort: d.sort,
        status: d.status,
      }
    : displayDefaults(p)),
  customized: !!d,
  updateTime: d ? d.updatedAt.toISOString() : null,
});

/** The effective values of a product with or without its saved display. */
export const effectiveSort = sql<number>`coalesce(${ticketDisplays.sort}, least(${ticketProducts.sort}, 9999))`;
export const effectiveStatus = sql<number>`coalesce(${ticketDisplays.status}, 1)`;

const joined = (db: Db) =>
  db
    .select({ product: ticketProducts, display: ticketDisplays })
    .from(ticketProducts)
    .leftJoin(ticketDisplays, eq(ticketDisplays.productId, ticketProducts.id));

const listWhere = (scenicId: number, q: TicketDisplayPage) =>
  and(
    eq(ticketProducts.scenicId, scenicId),
    q.productName ? ilike(ticketProducts.name, likeContains(q.productName)) : undefined,
    q.status ? sql`${effectiveStatus} = ${q.status}` : undefined,
  );

function listOrder(q: { sort?: TicketDisplayPage['sort']; order?: SortOrder }): SQL[] {
  const fallback = [asc(effectiveSort), asc(ticketProducts.id)];
  if (!q.sort) return fallback;
  const column = {
    sort: effectiveSort,
    productName: sql`${ticketProducts.name}`,
    updateTime: sql`${ticketDisplays.updatedAt}`,
  }[q.sort];
  return [q.order === 'asc' ? asc(column) : desc(column), ...fallback];
}

const DISPLAY_EXPORT: ExportColumn<TicketDisplayRow>[] = [
  { header: TicketDisplayField.productName, value: (r) => r.productName, width: 24 },
  { header: TicketDisplayField.displayName, value: (r) => r.displayName, width: 24 },
  { header: TicketDisplayField.shortText, value: (r) => r.shortText, width: 40 },
  { header: TicketDisplayField.tags, value: (r, lang) => joinTexts(r.tags, lang), width: 24 },
  { header: TicketDisplayField.sort, value: (r) => r.sort, kind: 'number' },
  { header: TicketDisplayField.status, value: (r, lang) => dictLabel(DisplayStatus, r.status, lang) },
  { header: TicketDisplayField.shelfStatus, value: (r, lang) => dictLabel(ShelfStatus, r.shelfStatus, lang) },
  { header: TicketDisplayField.price, value: (r) => r.price, kind: 'money' },
  { header: TicketDisplayField.cover, value: (r) => r.cover, width: 40 },
];

/** Locks the area's products (ascending ids) for a change of their displays; 404 unless all are there. */
async function lockProducts(tx: Db, scenicId: number, ids: number[]): Promise<Product[]> {
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  const found = await tx
    .select()
    .from(ticketProducts)
    .where(and(inArray(ticketProducts.id, sorted), eq(ticketProducts.scenicId, scenicId)))
    .orderBy(asc(ticketProducts.id))
    .for('update');
  if (found.length !== sorted.length) throw new AppError(404, 'ticketDisplayProductNotFound');
  return found;
}

async function savedOf(tx: Db, ids: number[]): Promise<Map<number, TicketDisplay>> {
  const rows = await tx.select().from(ticketDisplays).where(inArray(ticketDisplays.productId, ids));
  return new Map(rows.map((d) => [d.productId, d]));
}

/** docs/product.md §2 /scenic/ticmes: how the mini-program shows each ticket product of the area. */
export async function ticketDisplayRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = root.ctx;
  const tags = ['scenic'];

  // hand-registered: a read that is not a list resource
  app.post(
    ticketDisplayApi.page,
    {
      config: { access: perm('admin:ticketDisplay:page') },
      schema: {
        tags,
        summary: 'Every ticket product of the acting area with its display (the defaults when none is saved)',
        body: TicketDisplayPageSchema,
        response: { 200: envelopeSchema(pageResultSchema(TicketDisplayRowSchema)) },
      },
    },
    async (req) => {
      const q = req.body;
      const where = listWhere(scenicScope(req), q);
      const [rows, [total]] = await Promise.all([
        joined(db)
          .where(where)
          .orderBy(...listOrder(q))
          .limit(q.limit)
          .offset((q.page - 1) * q.limit),
        db
          .select({ n: count() })
          .from(ticketProducts)
          .leftJoin(ticketDisplays, eq(ticketDisplays.productId, ticketProducts.id))
          .where(where),
      ]);
      return ok(req, { rows: rows.map((r) => toRow(r.product, r.display)), total: total?.n ?? 0 });
    },
  );

  // hand-registered: streams an .xlsx file
  app.post(
    ticketDisplayApi.export,
    {
      config: { access: perm('admin:ticketDisplay:page') },
      schema: {
        tags,
        summary: 'The ticket displays of the current filter (all pages) as .xlsx',
        body: TicketDisplayPageSchema,
      },
    },
    async (req, reply) => {
      const q = req.body;
      const where = listWhere(scenicScope(req), q);
      return sendXlsx(req, reply, {
        fileName: TicketDisplayText.exportName,
        columns: DISPLAY_EXPORT,
        fetch: async (offset, limit) =>
          (
            await joined(db)
              .where(where)
              .orderBy(...listOrder(q))
              .limit(limit)
              .offset(offset)
          ).map((r) => toRow(r.product, r.display)),
      });
    },
  );

  registerAction(root, {
    url: ticketDisplayApi.update,
    access: perm('admin:ticketDisplay:update'),
    tag: 'scenic',
    summary: "Save a product's whole display (the first save replaces its defaults)",
    body: TicketDisplayUpdateSchema,
    response: TicketDisplayRowSchema,
    audit: { write: writeAudit, module: 'scenic', action: 'update', targetType: 'ticketDisplay' },
    run: async (tx, { scenicId, adminId: _, productId, ...values }) => {
      const [product] = await lockProducts(tx, scenicId, [productId]);
      const before = (await savedOf(tx, [productId])).get(productId) ?? null;
      const [after] = await tx
        .insert(ticketDisplays)
        .values({ scenicId, productId, ...values })
        .onConflictDoUpdate({ target: ticketDisplays.productId, set: { ...values, updatedAt: new Date() } })
        .returning();
      return audited(toRow(product!, after!), {
        targetId: productId,
        before: before ?? displayDefaults(product!),
        after,
      });
    },
  });

  // hand-registered: several records in one move, an audit row for each
  app.post(
    ticketDisplayApi.status,
    {
      config: { access: perm('admin:ticketDisplay:update') },
      schema: {
        tags,
        summary: 'Show (1) or hide (2) products in the mini-program; all change or none',
        body: TicketDisplayStatusSchema,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (req) => {
      const scenicId = scenicScope(req);
      const { productIds, status } = req.body;
      await db.transaction(async (tx) => {
        const products = await lockProducts(tx, scenicId, productIds);
        const saved = await savedOf(
          tx,
          products.map((p) => p.id),
        );
        for (const p of products) {
          const before = saved.get(p.id);
          await tx
            .insert(ticketDisplays)
            .values({ scenicId, productId: p.id, ...displayDefaults(p), status })
            .onConflictDoUpdate({ target: ticketDisplays.productId, set: { status, updatedAt: new Date() } });
          await writeAudit(tx, req, {
            module: 'scenic',
            action: 'status',
            targetType: 'ticketDisplay',
            targetId: p.id,
            before: { status: before?.status ?? 1 },
            after: { status },
          });
        }
      });
      return ok(req, null);
    },
  );
}
