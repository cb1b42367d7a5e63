import { and, asc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CalendarBatchResultSchema,
  CalendarBatchSetSchema,
  CalendarExportSchema,
  CalendarListSchema,
  CalendarProductSchema,
  CalendarProductsSchema,
  CalendarRowSchema,
  CalendarUpdateSchema,
  priceCalendarApi,
  type CalendarRow,
} from '../../../shared/api/inventory.ts';
import { envelopeSchema } from '../../../shared/api/common.ts';
import { dictLabel } from '../../../shared/dict/dict.ts';
import { InventoryExportText, InventoryField, Weekday } from '../../../shared/dict/inventory.ts';
import { SaleStatus } from '../../../shared/dict/product.ts';
import { perm, scenicScope } from '../../http/access.ts';
import { audited, auditThrough, registerAction } from '../../http/action.ts';
import { updateRecord, type Resource } from '../../http/crud.ts';
import { ok } from '../../http/envelope.ts';
import { sendXlsx, type ExportColumn } from '../../http/export.ts';
import { writeAudit } from '../audit/index.ts';
import { weekdayOf } from './inventory.util.ts';
import {
  assertDayStockCovers,
  batchSetCalendar,
  calendarProduct,
  calendarProducts,
  sessionLabel,
} from './price-calendar.service.ts';
import { priceCalendar } from './inventory.table.ts';

type CalendarRecord = typeof priceCalendar.$inferSelect;

const resource: Resource<typeof priceCalendar> = {
  table: priceCalendar,
  id: priceCalendar.id,
  scenic: priceCalendar.scenicId,
  module: 'inventory',
  targetType: 'priceCalendar',
  audit: writeAudit,
};

function toRow(r: CalendarRecord): CalendarRow {
  return {
    id: r.id,
    productId: r.productId,
    sessionId: r.sessionId,
    date: r.date,
    price: r.price,
    stock: r.stock,
    sold: r.sold,
    status: r.status,
    updateTime: r.updatedAt.toISOString(),
  };
}

function rangeWhere(scenicId: number, productId: number, from: string, to: string): SQL | undefined {
  return and(
    eq(priceCalendar.scenicId, scenicId),
    eq(priceCalendar.productId, productId),
    gte(priceCalendar.date, from),
    lte(priceCalendar.date, to),
  );
}

interface ExportRow extends CalendarRow {
  sessionName: string;
}

const CALENDAR_EXPORT: ExportColumn<ExportRow>[] = [
  { header: InventoryField.date, value: (r) => r.date, kind: 'text', width: 12 },
  {
    header: InventoryField.weekday,
    value: (r, lang) => dictLabel(Weekday, weekdayOf(r.date), lang),
    width: 8,
  },
  { header: InventoryField.session, value: (r) => r.sessionName, width: 20 },
  { header: InventoryField.price, value: (r) => r.price, kind: 'money', width: 12 },
  { header: InventoryField.stock, value: (r) => r.stock, kind: 'number', width: 10 },
  { header: InventoryField.sold, value: (r) => r.sold, kind: 'number', width: 10 },
  { header: InventoryField.left, value: (r) => r.stock - r.sold, kind: 'number', width: 10 },
  { header: InventoryField.status, value: (r, lang) => dictLabel(SaleStatus, r.status, lang), width: 10 },
  { header: InventoryField.updateTime, value: (r) => r.updateTime, kind: 'datetime', width: 20 },
];

/** docs/product.md §2 /ticket/priceCalendar: the price, stock and sale status of a product's days. */
export async function priceCalendarRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = root.ctx;

  // hand-registered: a read for a form's picker, not a list resource
  app.post(
    priceCalendarApi.products,
    {
      config: { access: perm('admin:priceCalendar:page') },
      schema: {
        tags: ['inventory'],
        summary: "Regular and timed products of the area, with their sessions (the screen's select)",
        body: CalendarProductsSchema,
        response: { 200: envelopeSchema(z.array(CalendarProductSchema)) },
      },
    },
    async (req) => ok(req, await calendarProducts(db, scenicScope(req))),
  );

  // hand-registered: a read that is not a list resource
  app.post(
    priceCalendarApi.list,
    {
      config: { access: perm('admin:priceCalendar:page') },
      schema: {
        tags: ['inventory'],
        summary: 'Calendar rows of a product from `from` to `to` (at most 92 days), every session',
        body: CalendarListSchema,
        response: { 200: envelopeSchema(z.array(CalendarRowSchema)) },
      },
    },
    async (req) => {
      const scenicId = scenicScope(req);
      const { productId, from, to } = req.body;
      await calendarProduct(db, scenicId, productId);
      const rows = await db
        .select()
        .from(priceCalendar)
        .where(rangeWhere(scenicId, productId, from, to))
        .orderBy(asc(priceCalendar.date), asc(priceCalendar.sessionId));
      return ok(req, rows.map(toRow));
    },
  );

  // hand-registered: streams an .xlsx file
  app.post(
    priceCalendarApi.export,
    {
      config: { access: perm('admin:priceCalendar:page') },
      schema: {
        tags: ['inventory'],
        summary: 'Calendar rows of a product from `from` to `to` (at most 366 days) as .xlsx',
        body: CalendarExportSchema,
      },
    },
    async (req, reply) => {
      const scenicId = scenicScope(req);
      const { productId, from, to } = req.body;
      const product = await calendarProduct(db, scenicId, productId);
      const names = new Map(product.sessions.map((s) => [s.id, sessionLabel(s)]));
      return sendXlsx(req, reply, {
        fileName: {
          zh: `${InventoryExportText.priceCalendar.zh}-${product.name}`,
          en: `${InventoryExportText.priceCalendar.en}-${product.name}`,
        },
        columns: CALENDAR_EXPORT,
        fetch: async (offset, limit) =>
          (
            await db
              .select()
              .from(priceCalendar)
              .where(rangeWhere(scenicId, productId, from, to))
              .orderBy(asc(priceCalendar.date), asc(priceCalendar.sessionId), asc(priceCalendar.id))
              .limit(limit)
              .offset(offset)
          ).map((r) => ({ ...toRow(r), sessionName: r.sessionId ? (names.get(r.sessionId) ?? '') : '' })),
      });
    },
  );

  // hand-registered: many days in one move, the service writes their rows
  app.post(
    priceCalendarApi.batchSet,
    {
      config: { access: perm('admin:priceCalendar:update') },
      schema: {
        tags: ['inventory'],
        summary: 'Set price, stock and/or status of many days (and sessions) at once, in one transaction',
        description:
          'Days from `from` to `to` (at most 366) falling on `weekdays` (0 Sunday … 6 Saturday). ' +
          'Timed products: `sessionIds` (default every session). Existing days keep what is not given; ' +
          'days without a row are created (stock required, price defaults to the product price). ' +
          'A stock below what a day has already sold: 409 listing those days, nothing changed.',
        body: CalendarBatchSetSchema,
        response: { 200: envelopeSchema(CalendarBatchResultSchema) },
      },
    },
    async (req) => {
      const scenicId = scenicScope(req);
      const body = req.body;
      const result = await db.transaction((tx) => batchSetCalendar(tx, req, scenicId, body));
      return ok(req, result);
    },
  );

  registerAction(root, {
    url: priceCalendarApi.update,
    access: perm('admin:priceCalendar:update'),
    tag: 'inventory',
    summary: 'Price, stock and/or status of one day; the stock cannot go below what it sold (409)',
    body: CalendarUpdateSchema,
    response: CalendarRowSchema,
    audit: { write: writeAudit, module: 'inventory', action: 'update', targetType: 'priceCalendar' },
    run: async (tx, { scenicId, adminId: _, id, ...values }, req) => {
      const kept = auditThrough(resource);
      const row = await updateRecord(
        tx,
        req,
        kept.resource,
        id,
        scenicId,
        { ...values, updatedAt: sql`now()` as unknown as Date },
        {
          guard: (before, t) => assertDayStockCovers(t, before, values.stock),
        },
      );
      return audited(toRow(row), kept.row());
    },
  });
}
