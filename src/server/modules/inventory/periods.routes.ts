import { and, asc, eq, ilike, type SQL } from 'drizzle-orm';
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
  periodApi,
  publicStockApi,
  type PeriodPageQuery,
} from '../../../shared/api/inventory.ts';
import { perm, scenicScope } from '../../http/access.ts';
import { createRecord, deleteRecord, updateRecord, type Resource } from '../../http/crud.ts';
import { ok } from '../../http/envelope.ts';
import { likeContains, orderFor, pageOf } from '../../http/paging.ts';
import { writeAudit } from '../audit/index.ts';
import { scenicPeriods } from './inventory.table.ts';
import {
  assertNoOverlap,
  assertNoSales,
  checkSlot,
  lockPeriods,
  publicStockList,
  setPublicStock,
  toPeriodRow,
} from './periods.service.ts';

const resource: Resource<typeof scenicPeriods> = {
  table: scenicPeriods,
  id: scenicPeriods.id,
  scenic: scenicPeriods.scenicId,
  module: 'inventory',
  targetType: 'scenicPeriod',
  audit: writeAudit,
};

function periodWhere(scenicId: number, q: PeriodPageQuery): SQL | undefined {
  return and(
    eq(scenicPeriods.scenicId, scenicId),
    q.name ? ilike(scenicPeriods.name, likeContains(q.name)) : undefined,
    q.status ? eq(scenicPeriods.status, q.status) : undefined,
  );
}

/** docs/product.md §2 /scenic/period: the time slots of the area. */
export async function periodRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = root.ctx;

  app.post(
    periodApi.page,
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
      return ok(req, { rows: page.rows.map(toPeriodRow), total: page.total });
    },
  );

  app.post(
    periodApi.create,
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
      return ok(req, toPeriodRow(row));
    },
  );

  app.post(
    periodApi.update,
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
          { guard: (before, inner) => checkSlot(inner, scenicId, before, values) },
        );
      });
      return ok(req, toPeriodRow(row));
    },
  );

  app.get(
    periodApi.delete,
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
        guard: (before, tx) => assertNoSales(tx, before, req.lang),
      });
      return ok(req, null);
    },
  );

  app.post(
    periodApi.status,
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

  await publicStockRoutes(root);
}

/** The public stock of the slots, day by day: listed over a range, set in bulk. */
async function publicStockRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = root.ctx;

  app.post(
    publicStockApi.list,
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
      const { from, to } = req.body;
      return ok(req, await publicStockList(db, scenicScope(req), from, to));
    },
  );

  app.post(
    publicStockApi.batchSet,
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
      const result = await db.transaction((tx) => setPublicStock(tx, req, scenicId, req.body));
      return ok(req, result);
    },
  );
}
