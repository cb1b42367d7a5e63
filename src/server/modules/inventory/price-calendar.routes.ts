import { and, asc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
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
  type CalendarRow,
} from '../../../shared/api/inventory.ts';
import { envelopeSchema } from '../../../shared/api/common.ts';
import { ValidationMessage } from '../../../shared/api/validation-messages.ts';
import { dictLabel } from '../../../shared/dict/dict.ts';
import { InventoryExportText, InventoryField, Weekday } from '../../../shared/dict/inventory.ts';
import { PRODUCT_TYPE, SaleStatus } from '../../../shared/dict/ticket.ts';
import type { Db } from '../../db/client.ts';
import { perm, scenicScope } from '../../http/access.ts';
import { updateRecord, type Resource } from '../../http/crud.ts';
import { ok } from '../../http/envelope.ts';
import { AppError, FieldError } from '../../http/errors.ts';
import { sendXlsx, type ExportColumn } from '../../http/export.ts';
import { writeAudit } from '../audit/index.ts';
import { productSessions, findProduct, productOptions } from '../products/index.ts';
import { queryRows } from '../../db/rows.ts';
import { datesOf, listDates, sqlList, weekdayOf } from './inventory.util.ts';
import { priceCalendar } from './inventory.table.ts';

const BASE = '/web/api/admin/priceCalendar';
const MODULE = 'inventory';
const TARGET = 'priceCalendar';
const CALENDAR_TYPES = [PRODUCT_TYPE.regular, PRODUCT_TYPE.timed] as const;

type CalendarRecord = typeof priceCalendar.$inferSelect;

const resource: Resource<typeof priceCalendar> = {
  table: priceCalendar,
  id: priceCalendar.id,
  scenic: priceCalendar.scenicId,
  module: MODULE,
  targetType: TARGET,
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

/** A product of the area that has a calendar (regular or timed), with its sessions; else 404/400. */
async function calendarProduct(db: Db, scenicId: number, productId: number) {
  const product = await findProduct(db, scenicId, productId);
  if (!product) throw new AppError(404, 'calendarProductNotFound');
  if (!(CALENDAR_TYPES as readonly number[]).includes(product.productType))
    throw new FieldError('productId', ValidationMessage.calendarProductType);
  return product;
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

const sessionLabel = (s: { name: string; startTime: string } | undefined) =>
  s ? `${s.name} ${s.startTime}` : '';

export async function priceCalendarRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = root.ctx;

  app.post(
    `${BASE}/products`,
    {
      config: { access: perm('admin:priceCalendar:page') },
      schema: {
        tags: ['inventory'],
        summary: "Regular and timed products of the area, with their sessions (the screen's select)",
        body: CalendarProductsSchema,
        response: { 200: envelopeSchema(z.array(CalendarProductSchema)) },
      },
    },
    async (req) => {
      const scenicId = scenicScope(req);
      const products = await productOptions(db, scenicId, CALENDAR_TYPES);
      const timedIds = products.filter((p) => p.productType === PRODUCT_TYPE.timed).map((p) => p.id);
      const sessions = timedIds.length
        ? await db
            .select()
            .from(productSessions)
            .where(and(eq(productSessions.scenicId, scenicId), inArray(productSessions.productId, timedIds)))
            .orderBy(asc(productSessions.startTime))
        : [];
      return ok(
        req,
        products.map((p) => ({
          ...p,
          sessions: sessions
            .filter((s) => s.productId === p.id)
            .map((s) => ({ id: s.id, name: s.name, startTime: s.startTime, endTime: s.endTime })),
        })),
      );
    },
  );

  app.post(
    `${BASE}/list`,
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

  app.post(
    `${BASE}/export`,
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

  app.post(
    `${BASE}/batchSet`,
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
      const result = await db.transaction(async (tx) => {
        const product = await calendarProduct(tx, scenicId, body.productId);
        let sessions: (number | null)[];
        if (product.productType === PRODUCT_TYPE.timed) {
          const own = new Set(product.sessions.map((s) => s.id));
          if (body.sessionIds?.some((id) => !own.has(id)))
            throw new FieldError('sessionIds', ValidationMessage.sessionOfProduct);
          sessions = body.sessionIds?.length ? body.sessionIds : [...own];
          if (!sessions.length) throw new FieldError('sessionIds', ValidationMessage.sessionRequired);
        } else {
          if (body.sessionIds?.length)
            throw new FieldError('sessionIds', ValidationMessage.sessionNotAllowed);
          sessions = [null];
        }
        const dates = datesOf(body.from, body.to, body.weekdays);
        if (!dates.length) throw new FieldError('weekdays', ValidationMessage.noMatchingDate);

        const sessionKeys = sqlList(sessions.map((s) => s ?? 0));
        const dows = sqlList(body.weekdays);
        // Lock the existing days first: a reservation running now either finished (its sold is
        // counted below) or waits and then meets the new stock.
        const existing = await queryRows<{ date: string; sessionId: number | null; sold: number }>(
          tx,
          sql`select date::text as "date", session_id as "sessionId", sold from price_calendar
              where scenic_id = ${scenicId} and product_id = ${product.id}
                and date between ${body.from} and ${body.to}
                and extract(dow from date)::int in ${dows}
                and coalesce(session_id, 0) in ${sessionKeys}
              order by date, session_id
              for update`,
        );
        if (body.stock !== undefined) {
          const stock = body.stock;
          const names = new Map(product.sessions.map((s) => [s.id, sessionLabel(s)]));
          const below = existing.filter((r) => Number(r.sold) > stock);
          if (below.length)
            throw new AppError(409, 'stockBelowSold', {
              params: {
                dates: listDates(
                  below.map(
                    (r) => `${r.date}${r.sessionId ? ` ${names.get(Number(r.sessionId)) ?? ''}` : ''}`,
                  ),
                  req.lang,
                ),
              },
              data: { field: 'stock', dates: below.map((r) => r.date) },
            });
        }
        const created = dates.length * sessions.length - existing.length;
        if (created > 0 && body.stock === undefined)
          throw new FieldError('stock', ValidationMessage.stockForNewDays);

        const updates: SQL[] = [sql`updated_at = now()`];
        if (body.price !== undefined) updates.push(sql`price = excluded.price`);
        if (body.stock !== undefined) updates.push(sql`stock = excluded.stock`);
        if (body.status !== undefined) updates.push(sql`status = excluded.status`);
        const sessionValues = sql.join(
          sessions.map((s) => (s === null ? sql`(null::int)` : sql`(${s}::int)`)),
          sql`, `,
        );
        await tx.execute(
          sql`insert into price_calendar (scenic_id, product_id, session_id, date, price, stock, status)
              select ${scenicId}::int, ${product.id}::int, s.id, d::date,
                     ${body.price ?? product.price}::int, ${body.stock ?? 0}::int, ${body.status ?? 1}::smallint
              -- timestamps without zone: the days do not depend on the session's time zone
              from generate_series(${body.from}::timestamp, ${body.to}::timestamp, interval '1 day') as d
              cross join (values ${sessionValues}) as s(id)
              where extract(dow from d)::int in ${dows}
              on conflict (product_id, date, coalesce(session_id, 0))
              do update set ${sql.join(updates, sql`, `)}`,
        );
        const summary = {
          productId: product.id,
          productName: product.name,
          sessionIds: sessions.filter((s) => s !== null),
          from: body.from,
          to: body.to,
          weekdays: body.weekdays,
          price: body.price,
          stock: body.stock,
          status: body.status,
          days: dates.length,
          created,
          updated: existing.length,
        };
        await writeAudit(tx, req, {
          module: MODULE,
          action: 'batchSet',
          targetType: TARGET,
          targetId: product.id,
          after: summary,
        });
        return { created, updated: existing.length };
      });
      return ok(req, result);
    },
  );

  app.post(
    `${BASE}/update`,
    {
      config: { access: perm('admin:priceCalendar:update') },
      schema: {
        tags: ['inventory'],
        summary: 'Price, stock and/or status of one day; the stock cannot go below what it sold (409)',
        body: CalendarUpdateSchema,
        response: { 200: envelopeSchema(CalendarRowSchema) },
      },
    },
    async (req) => {
      const scenicId = scenicScope(req);
      const { id, ...values } = req.body;
      const row = await updateRecord(
        db,
        req,
        resource,
        id,
        scenicId,
        { ...values, updatedAt: sql`now()` as unknown as Date },
        {
          guard: async (before, tx) => {
            if (values.stock === undefined || values.stock >= before.sold) return;
            const [session] = before.sessionId
              ? await tx.select().from(productSessions).where(eq(productSessions.id, before.sessionId))
              : [];
            throw new AppError(409, 'stockBelowSold', {
              params: {
                dates: `${before.date}${session ? ` ${sessionLabel(session)}` : ''} (${before.sold})`,
              },
              data: { field: 'stock', dates: [before.date] },
            });
          },
        },
      );
      return ok(req, toRow(row));
    },
  );
}
