import { and, asc, eq, gte, ilike, inArray, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema, IdSchema, pageResultSchema } from '../../../shared/api/common.ts';
import {
  PeriodCreateSchema,
  PeriodPageSchema,
  PeriodRowSchema,
  PeriodStatusSchema,
  PeriodUpdateSchema,
  PublicStockBatchSetSchema,
  PublicStockListResultSchema,
  PublicStockListSchema,
  type PeriodPageQuery,
  type PeriodRow,
  type PublicStockCell,
} from '../../../shared/api/inventory.ts';
import { ValidationMessage } from '../../../shared/api/validation-messages.ts';
import { SALE_STATUS } from '../../../shared/dict/ticket.ts';
import type { Db } from '../../db/client.ts';
import { perm, scenicScope } from '../../http/access.ts';
import { createRecord, deleteRecord, updateRecord, type Resource } from '../../http/crud.ts';
import { ok } from '../../http/envelope.ts';
import { AppError, FieldError } from '../../http/errors.ts';
import { likeContains, orderFor, pageOf } from '../../http/paging.ts';
import { writeAudit } from '../audit/index.ts';
import { queryRows } from '../../db/rows.ts';
import { datesOf, listDates, sqlList } from './inventory.util.ts';
import { publicStock, scenicPeriods } from './inventory.table.ts';

const BASE = '/web/api/admin/period';
const MODULE = 'inventory';
const TARGET = 'scenicPeriod';

type PeriodRecord = typeof scenicPeriods.$inferSelect;

const resource: Resource<typeof scenicPeriods> = {
  table: scenicPeriods,
  id: scenicPeriods.id,
  scenic: scenicPeriods.scenicId,
  module: MODULE,
  targetType: TARGET,
  audit: writeAudit,
};

function toRow(r: PeriodRecord): PeriodRow {
  return {
    id: r.id,
    name: r.name,
    startTime: r.startTime,
    endTime: r.endTime,
    capacity: r.capacity,
    status: r.status,
    sort: r.sort,
    createTime: r.createdAt.toISOString(),
    updateTime: r.updatedAt.toISOString(),
  };
}

function periodWhere(scenicId: number, q: PeriodPageQuery): SQL | undefined {
  return and(
    eq(scenicPeriods.scenicId, scenicId),
    q.name ? ilike(scenicPeriods.name, likeContains(q.name)) : undefined,
    q.status ? eq(scenicPeriods.status, q.status) : undefined,
  );
}

/**
 * Serialises the slot edits of one area, so two concurrent edits cannot each pass the overlap
 * check and together overlap.
 */
async function lockPeriods(tx: Db, scenicId: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('scenic_periods'), ${scenicId}::int)`);
}

/** Slots of an area never overlap (a ticket must count against exactly one): 400 naming startTime. */
async function assertNoOverlap(
  tx: Db,
  scenicId: number,
  slot: { startTime: string; endTime: string },
  exceptId?: number,
) {
  const [other] = await tx
    .select()
    .from(scenicPeriods)
    .where(
      and(
        eq(scenicPeriods.scenicId, scenicId),
        exceptId ? ne(scenicPeriods.id, exceptId) : undefined,
        sql`${scenicPeriods.startTime} < ${slot.endTime} and ${slot.startTime} < ${scenicPeriods.endTime}`,
      ),
    )
    .orderBy(asc(scenicPeriods.startTime))
    .limit(1);
  if (other) {
    const range = `${other.name} ${other.startTime}-${other.endTime}`;
    throw new FieldError('startTime', {
      zh: `与已有时段「${range}」重叠`,
      en: `overlaps the time slot "${range}"`,
    });
  }
}

export async function periodRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = root.ctx;

  app.post(
    `${BASE}/page`,
    {
      config: { access: perm('admin:period:page') },
      schema: {
        tags: ['inventory'],
        summary: "The area's time slots (public stock templates)",
        body: PeriodPageSchema,
        response: { 200: envelopeSchema(pageResultSchema(PeriodRowSchema)) },
      },
    },
    async (req) => {
      const scenicId = scenicScope(req);
      const q = req.body;
      const page = await pageOf(db, scenicPeriods, q, {
        where: periodWhere(scenicId, q),
        orderBy: orderFor(
          {
            name: scenicPeriods.name,
            startTime: scenicPeriods.startTime,
            capacity: scenicPeriods.capacity,
            sort: scenicPeriods.sort,
            createTime: scenicPeriods.createdAt,
          },
          q,
          [asc(scenicPeriods.sort), asc(scenicPeriods.startTime), asc(scenicPeriods.id)],
        ),
      });
      return ok(req, { rows: page.rows.map(toRow), total: page.total });
    },
  );

  app.post(
    `${BASE}/create`,
    {
      config: { access: perm('admin:period:create') },
      schema: {
        tags: ['inventory'],
        summary: 'Create a time slot with its default daily capacity; slots may not overlap (400)',
        body: PeriodCreateSchema,
        response: { 200: envelopeSchema(PeriodRowSchema) },
      },
    },
    async (req) => {
      const scenicId = scenicScope(req);
      const body = req.body;
      const row = await db.transaction(async (tx) => {
        await lockPeriods(tx, scenicId);
        await assertNoOverlap(tx, scenicId, body);
        return createRecord(tx, req, resource, { ...body, scenicId });
      });
      return ok(req, toRow(row));
    },
  );

  app.post(
    `${BASE}/update`,
    {
      config: { access: perm('admin:period:update') },
      schema: {
        tags: ['inventory'],
        summary: 'Edit a time slot',
        description:
          'The capacity is the default of days that have no row of their own yet; days already ' +
          'booked or bulk-edited keep theirs (change them with stock/batchSet).',
        body: PeriodUpdateSchema,
        response: { 200: envelopeSchema(PeriodRowSchema) },
      },
    },
    async (req) => {
      const scenicId = scenicScope(req);
      const { id, ...values } = req.body;
      const row = await db.transaction(async (tx) => {
        await lockPeriods(tx, scenicId);
        return updateRecord(
          tx,
          req,
          resource,
          id,
          scenicId,
          { ...values, updatedAt: new Date() },
          {
            guard: async (before, inner) => {
              const slot = {
                startTime: values.startTime ?? before.startTime,
                endTime: values.endTime ?? before.endTime,
              };
              if (slot.startTime >= slot.endTime)
                throw new FieldError('endTime', ValidationMessage.timeRange);
              await assertNoOverlap(inner, scenicId, slot, id);
            },
          },
        );
      });
      return ok(req, toRow(row));
    },
  );

  app.get(
    `${BASE}/delete`,
    {
      config: { access: perm('admin:period:delete') },
      schema: {
        tags: ['inventory'],
        summary: 'Delete a time slot: 409 once tickets were sold in it (disable it instead)',
        querystring: z.object({ id: IdSchema }).strict(),
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (req) => {
      const scenicId = scenicScope(req);
      await deleteRecord(db, req, resource, req.query.id, scenicId, {
        guard: async (before, tx) => {
          const sold = await tx
            .select({ date: publicStock.date })
            .from(publicStock)
            .where(and(eq(publicStock.periodId, before.id), sql`${publicStock.sold} > 0`))
            .orderBy(asc(publicStock.date));
          if (sold.length)
            throw new AppError(409, 'periodHasSales', {
              params: {
                count: sold.length,
                dates: listDates(
                  sold.map((r) => r.date),
                  req.lang,
                  3,
                ),
              },
            });
        },
      });
      return ok(req, null);
    },
  );

  app.post(
    `${BASE}/status`,
    {
      config: { access: perm('admin:period:update') },
      schema: {
        tags: ['inventory'],
        summary: 'Enable or disable time slots; a disabled slot sells nothing',
        body: PeriodStatusSchema,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (req) => {
      const scenicId = scenicScope(req);
      const { status } = req.body;
      const ids = [...req.body.ids].sort((a, b) => a - b);
      await db.transaction(async (tx) => {
        for (const id of ids)
          await updateRecord(
            tx,
            req,
            resource,
            id,
            scenicId,
            { status, updatedAt: new Date() },
            { action: 'status' },
          );
      });
      return ok(req, null);
    },
  );

  app.post(
    `${BASE}/stock/list`,
    {
      config: { access: perm('admin:period:page') },
      schema: {
        tags: ['inventory'],
        summary: 'Public stock from `from` to `to` (at most 92 days): every slot on every day',
        description:
          "A day without its own row shows the slot's default capacity, nothing sold, on sale (`stored: false`).",
        body: PublicStockListSchema,
        response: { 200: envelopeSchema(PublicStockListResultSchema) },
      },
    },
    async (req) => {
      const scenicId = scenicScope(req);
      const { from, to } = req.body;
      const periods = await db
        .select()
        .from(scenicPeriods)
        .where(eq(scenicPeriods.scenicId, scenicId))
        .orderBy(asc(scenicPeriods.startTime));
      const rows = await db
        .select()
        .from(publicStock)
        .where(
          and(eq(publicStock.scenicId, scenicId), gte(publicStock.date, from), lte(publicStock.date, to)),
        );
      const stored = new Map(rows.map((r) => [`${r.periodId}|${r.date}`, r]));
      const cells: PublicStockCell[] = [];
      for (const date of datesOf(from, to, [0, 1, 2, 3, 4, 5, 6])) {
        for (const p of periods) {
          const row = stored.get(`${p.id}|${date}`);
          cells.push(
            row
              ? {
                  date,
                  periodId: p.id,
                  capacity: row.capacity,
                  sold: row.sold,
                  status: row.status,
                  stored: true,
                }
              : {
                  date,
                  periodId: p.id,
                  capacity: p.capacity,
                  sold: 0,
                  status: SALE_STATUS.onSale,
                  stored: false,
                },
          );
        }
      }
      return ok(req, { periods: periods.map(toRow), cells });
    },
  );

  app.post(
    `${BASE}/stock/batchSet`,
    {
      config: { access: perm('admin:period:update') },
      schema: {
        tags: ['inventory'],
        summary: 'Set capacity and/or status of some slots on many days, in one transaction',
        description:
          'Days from `from` to `to` (at most 366) falling on `weekdays` (0 Sunday … 6 Saturday). ' +
          "Days without a row get one (capacity defaults to the slot's). A capacity below what a " +
          'day already sold: 409 listing those days, nothing changed.',
        body: PublicStockBatchSetSchema,
        response: { 200: envelopeSchema(z.object({ created: z.number().int(), updated: z.number().int() })) },
      },
    },
    async (req) => {
      const scenicId = scenicScope(req);
      const body = req.body;
      const result = await db.transaction(async (tx) => {
        const periods = await tx
          .select()
          .from(scenicPeriods)
          .where(and(eq(scenicPeriods.scenicId, scenicId), inArray(scenicPeriods.id, body.periodIds)));
        if (periods.length !== body.periodIds.length) throw new AppError(404, 'periodNotFound');
        const dates = datesOf(body.from, body.to, body.weekdays);
        if (!dates.length) throw new FieldError('weekdays', ValidationMessage.noMatchingDate);
        const ids = sqlList(body.periodIds);
        const dows = sqlList(body.weekdays);
        const existing = await queryRows<{ date: string; periodId: number; sold: number }>(
          tx,
          sql`select date::text as "date", period_id as "periodId", sold from public_stock
              where scenic_id = ${scenicId} and period_id in ${ids}
                and date between ${body.from} and ${body.to}
                and extract(dow from date)::int in ${dows}
              order by period_id, date
              for update`,
        );
        if (body.capacity !== undefined) {
          const capacity = body.capacity;
          const names = new Map(periods.map((p) => [p.id, p.name]));
          const below = existing.filter((r) => Number(r.sold) > capacity);
          if (below.length)
            throw new AppError(409, 'capacityBelowSold', {
              params: {
                dates: listDates(
                  below.map((r) => `${r.date} ${names.get(Number(r.periodId)) ?? ''}`),
                  req.lang,
                ),
              },
              data: { field: 'capacity', dates: below.map((r) => r.date) },
            });
        }
        const updates: SQL[] = [sql`updated_at = now()`];
        if (body.capacity !== undefined) updates.push(sql`capacity = excluded.capacity`);
        if (body.status !== undefined) updates.push(sql`status = excluded.status`);
        await tx.execute(
          sql`insert into public_stock (scenic_id, period_id, date, capacity, status)
              select p.scenic_id, p.id, d::date,
                     coalesce(${body.capacity ?? null}::int, p.capacity), ${body.status ?? 1}::smallint
              -- timestamps without zone: the days do not depend on the session's time zone
              from generate_series(${body.from}::timestamp, ${body.to}::timestamp, interval '1 day') as d
              cross join scenic_periods p
              where p.scenic_id = ${scenicId} and p.id in ${ids} and extract(dow from d)::int in ${dows}
              on conflict (period_id, date) do update set ${sql.join(updates, sql`, `)}`,
        );
        const created = dates.length * periods.length - existing.length;
        await writeAudit(tx, req, {
          module: MODULE,
          action: 'stockBatchSet',
          targetType: 'publicStock',
          targetId: body.periodIds.join(','),
          after: { ...body, days: dates.length, created, updated: existing.length },
        });
        return { created, updated: existing.length };
      });
      return ok(req, result);
    },
  );
}
