import { and, asc, count, eq, gte, inArray, lte, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema, IdSchema, pageResultSchema } from '../../../shared/api/common.ts';
import {
  ShowCreateResultSchema,
  ShowCreateSchema,
  ShowPageSchema,
  ShowRowSchema,
  ShowUpdateSchema,
  showApi,
  TheatreProductSchema,
  theatreApi,
  type ShowCreate,
  type ShowUpdate,
} from '../../../shared/api/theatres.ts';
import { ValidationMessage } from '../../../shared/api/validation-messages.ts';
import { PRODUCT_TYPE } from '../../../shared/dict/product.ts';
import { SEAT_KIND, SEAT_STATUS } from '../../../shared/dict/theatres.ts';
import type { Db } from '../../db/client.ts';
import { perm, scenicScope } from '../../http/access.ts';
import { audited, auditThrough, registerAction } from '../../http/action.ts';
import { deleteRecord, updateRecord, type Resource } from '../../http/crud.ts';
import { ok } from '../../http/envelope.ts';
import { AppError, FieldError } from '../../http/errors.ts';
import { orderFor } from '../../http/paging.ts';
import { writeAudit } from '../audit/index.ts';
import { findProduct, productOptions } from '../products/index.ts';
import { showQuery, showWhere, toShowRow } from './theatre-shows.query.ts';
import { copySeats, type ShowRecord } from './theatres.service.ts';
import { showSeats, theatres, theatreShows } from './theatres.table.ts';

const MODULE = 'theatres';

const showResource: Resource<typeof theatreShows> = {
  table: theatreShows,
  id: theatreShows.id,
  scenic: theatreShows.scenicId,
  module: MODULE,
  targetType: 'theatreShow',
  audit: writeAudit,
};
/** The show actions' audit rows (through auditThrough where crud.ts writes them). */
const audit = { write: writeAudit, module: MODULE, targetType: 'theatreShow' } as const;

/** ISO weekday (1 Monday … 7 Sunday) of a "YYYY-MM-DD". */
function isoWeekday(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay() || 7;
}

function datesOf(from: string, to: string, weekdays: readonly number[]): string[] {
  const out: string[] = [];
  const end = Date.parse(`${to}T00:00:00Z`);
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= end; t += 86_400_000) {
    const date = new Date(t).toISOString().slice(0, 10);
    if (weekdays.includes(isoWeekday(date))) out.push(date);
  }
  return out;
}

const overlaps = (a: { startTime: string; endTime: string }, b: { startTime: string; endTime: string }) =>
  a.startTime < b.endTime && b.startTime < a.endTime;

/**
 * One show per matching day of from..to where the theatre has no overlapping show, each with the
 * seats of the map, in the action's transaction. Answers how many were created and how many days
 * were skipped, with the audit row.
 */
async function createShows(tx: Db, scenicId: number, body: ShowCreate) {
  const product = await findProduct(tx, scenicId, body.productId);
  if (!product) throw new AppError(404, 'recordNotFound');
  if (product.productType !== PRODUCT_TYPE.performance)
    throw new FieldError('productId', ValidationMessage.performanceProduct);
  // FOR SHARE: the map cannot change halfway through the copy
  const [theatre] = await tx
    .select()
    .from(theatres)
    .where(and(eq(theatres.id, body.theatreId), eq(theatres.scenicId, scenicId)))
    .for('share');
  if (!theatre) throw new AppError(404, 'theatreNotFound');
  if (theatre.status !== 1) throw new FieldError('theatreId', ValidationMessage.theatreDisabled);
  if (!theatre.seats.some((s) => s.kind === SEAT_KIND.seat))
    throw new FieldError('theatreId', ValidationMessage.theatreNoSeats);
  const dates = datesOf(body.from, body.to, body.weekdays);
  const existing = await tx
    .select({
      showDate: theatreShows.showDate,
      startTime: theatreShows.startTime,
      endTime: theatreShows.endTime,
    })
    .from(theatreShows)
    .where(
      and(
        eq(theatreShows.theatreId, theatre.id),
        gte(theatreShows.showDate, body.from),
        lte(theatreShows.showDate, body.to),
      ),
    );
  const busy = new Set(existing.filter((e) => overlaps(e, body)).map((e) => e.showDate));
  const free = dates.filter((d) => !busy.has(d));
  const created = free.length
    ? await tx
        .insert(theatreShows)
        .values(
          free.map((showDate) => ({
            scenicId,
            theatreId: theatre.id,
            productId: product.id,
            showDate,
            startTime: body.startTime,
            endTime: body.endTime,
          })),
        )
        .returning({ id: theatreShows.id })
    : [];
  const ids = created.map((c) => c.id);
  await copySeats(tx, ids);
  const skipped = dates.length - free.length;
  return audited(
    { created: ids.length, skipped },
    { targetId: ids.join(',').slice(0, 64), after: { ...body, created: ids.length, skipped, ids } },
  );
}

/** A show's new time ends after it starts and overlaps no other show of its theatre that day (409). */
async function checkShowTime(tx: Db, before: ShowRecord, change: Omit<ShowUpdate, 'id'>) {
  const next = {
    startTime: change.startTime ?? before.startTime,
    endTime: change.endTime ?? before.endTime,
  };
  if (next.endTime <= next.startTime) throw new FieldError('endTime', ValidationMessage.endAfterStart);
  if (!change.startTime && !change.endTime) return;
  const others = await tx
    .select({ startTime: theatreShows.startTime, endTime: theatreShows.endTime })
    .from(theatreShows)
    .where(
      and(
        eq(theatreShows.theatreId, before.theatreId),
        eq(theatreShows.showDate, before.showDate),
        ne(theatreShows.id, before.id),
      ),
    );
  const clash = others.find((o) => overlaps(o, next));
  if (clash)
    throw new AppError(409, 'showOverlap', {
      params: { date: before.showDate, time: `${clash.startTime}-${clash.endTime}` },
      data: { field: 'startTime' },
    });
}

/**
 * The show screens: their product select, and the shows of the theatres listed, created over a range
 * of days, retimed or closed, deleted.
 */
export async function showRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = root.ctx;

  // hand-registered: a read for a form's picker, not a list resource
  app.post(
    theatreApi.products,
    {
      config: { access: perm('admin:theatre:page') },
      schema: {
        tags: ['theatres'],
        summary: 'Performance products (type 3) of the area, for the selects of the show screens',
        body: z.object({}).strict().nullish(),
        response: { 200: envelopeSchema(z.array(TheatreProductSchema)) },
      },
    },
    async (req) => {
      const rows = await productOptions(db, scenicScope(req), [PRODUCT_TYPE.performance]);
      return ok(
        req,
        rows.map((r) => ({ id: r.id, name: r.name, price: r.price, shelfStatus: r.shelfStatus })),
      );
    },
  );

  // hand-registered: a read that is not a list resource
  app.post(
    showApi.page,
    {
      config: { access: perm('admin:theatre:page') },
      schema: {
        tags: ['theatres'],
        summary: 'Shows of the area with theatre and product names and seat counts by status',
        body: ShowPageSchema,
        response: { 200: envelopeSchema(pageResultSchema(ShowRowSchema)) },
      },
    },
    async (req) => {
      const scenicId = scenicScope(req);
      const q = req.body;
      const where = showWhere(scenicId, q);
      const order = orderFor({ showDate: theatreShows.showDate, createTime: theatreShows.createdAt }, q, [
        asc(theatreShows.showDate),
        asc(theatreShows.startTime),
        asc(theatreShows.id),
      ]);
      const [rows, totals] = await Promise.all([
        showQuery(db)
          .where(where)
          .orderBy(...order)
          .limit(q.limit)
          .offset((q.page - 1) * q.limit),
        db.select({ n: count() }).from(theatreShows).where(where),
      ]);
      return ok(req, { rows: rows.map(toShowRow), total: totals[0]?.n ?? 0 });
    },
  );

  registerAction(root, {
    url: showApi.create,
    access: perm('admin:theatre:create'),
    tag: 'theatres',
    summary: 'One show per matching day of from..to (≤ 92 days), seats copied from the map',
    description:
      'Days where the theatre already has a show overlapping startTime-endTime are skipped ' +
      '(counted in `skipped`). Each show gets the seats (kind 1) of the map with their tier price.',
    body: ShowCreateSchema,
    response: ShowCreateResultSchema,
    audit: { ...audit, action: 'createShows' },
    run: (tx, { scenicId, adminId: _, ...body }) => createShows(tx, scenicId, body),
  });

  registerAction(root, {
    url: showApi.update,
    access: perm('admin:theatre:update'),
    tag: 'theatres',
    summary: 'Change the time of a show, or close (2) / reopen (1) its sale',
    body: ShowUpdateSchema,
    response: ShowRowSchema,
    audit: { ...audit, action: 'update' },
    run: async (tx, { scenicId, adminId: _, id, ...rest }, req) => {
      const kept = auditThrough(showResource);
      await updateRecord(
        tx,
        req,
        kept.resource,
        id,
        scenicId,
        { ...rest, updatedAt: new Date() },
        { guard: (before, inner) => checkShowTime(inner, before, rest) },
      );
      const [row] = await showQuery(tx).where(eq(theatreShows.id, id));
      if (!row) throw new AppError(404, 'showNotFound');
      return audited(toShowRow(row), kept.row());
    },
  });

  registerAction(root, {
    method: 'GET',
    url: showApi.delete,
    access: perm('admin:theatre:delete'),
    tag: 'theatres',
    summary: 'Delete a show and its seats; 409 while any seat is held or sold',
    querystring: z.object({ id: IdSchema }).strict(),
    response: z.null(),
    audit: { ...audit, action: 'delete' },
    run: async (tx, { scenicId, id }, req) => {
      const kept = auditThrough(showResource);
      await deleteRecord(tx, req, kept.resource, id, scenicId, {
        guard: async (before, inner) => {
          const [taken] = await inner
            .select({ n: count() })
            .from(showSeats)
            .where(
              and(
                eq(showSeats.showId, before.id),
                inArray(showSeats.status, [SEAT_STATUS.held, SEAT_STATUS.sold]),
              ),
            );
          if (taken && taken.n > 0) throw new AppError(409, 'showHasSales', { params: { count: taken.n } });
        },
      });
      return audited(null, kept.row());
    },
  });
}
