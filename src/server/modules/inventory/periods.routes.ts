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
import { audited, auditThrough, registerAction } from '../../http/action.ts';
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
/** The slot actions' audit rows: the resource's (its helpers write them through auditThrough). */
const audit = { write: writeAudit, module: 'inventory', targetType: 'scenicPeriod' } as const;

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

  // hand-registered: a read that is not a list resource
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

  registerAction(root, {
    url: periodApi.create,
    access: perm('admin:period:create'),
    tag: 'inventory',
    summary: 'Create a time slot with its default daily capacity; slots may not overlap (400)',
    body: PeriodCreateSchema,
    response: PeriodRowSchema,
    audit: { ...audit, action: 'create' },
    run: async (tx, { adminId: _, ...values }, req) => {
      await lockPeriods(tx, values.scenicId);
      await assertNoOverlap(tx, values.scenicId, values);
      const kept = auditThrough(resource);
      const row = await createRecord(tx, req, kept.resource, values);
      return audited(toPeriodRow(row), kept.row());
    },
  });

  registerAction(root, {
    url: periodApi.update,
    access: perm('admin:period:update'),
    tag: 'inventory',
    summary: 'Edit a time slot',
    description:
      'The capacity is the default of days that have no row of their own yet; days already ' +
      'booked or bulk-edited keep theirs (change them with stock/batchSet).',
    body: PeriodUpdateSchema,
    response: PeriodRowSchema,
    audit: { ...audit, action: 'update' },
    run: async (tx, { scenicId, adminId: _, id, ...values }, req) => {
      await lockPeriods(tx, scenicId);
      const kept = auditThrough(resource);
      const row = await updateRecord(
        tx,
        req,
        kept.resource,
        id,
        scenicId,
        { ...values, updatedAt: new Date() },
        { guard: (before, inner) => checkSlot(inner, scenicId, before, values) },
      );
      return audited(toPeriodRow(row), kept.row());
    },
  });

  registerAction(root, {
    method: 'GET',
    url: periodApi.delete,
    access: perm('admin:period:delete'),
    tag: 'inventory',
    summary: 'Delete a time slot: 409 once tickets were sold in it (disable it instead)',
    querystring: z.object({ id: IdSchema }).strict(),
    response: z.null(),
    audit: { ...audit, action: 'delete' },
    run: async (tx, { scenicId, id }, req) => {
      const kept = auditThrough(resource);
      await deleteRecord(tx, req, kept.resource, id, scenicId, {
        guard: (before, inner) => assertNoSales(inner, before, req.lang),
      });
      return audited(null, kept.row());
    },
  });

  // hand-registered: several slots in one move, an audit row for each
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

  // hand-registered: a read that is not a list resource
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

  // hand-registered: many days of several slots in one move, the service writes their rows
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
