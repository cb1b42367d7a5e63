import { and, count, desc, eq, ilike, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema, IdSchema, pageResultSchema } from '../../../shared/api/common.ts';
import {
  labelSeats,
  TheatreCreateSchema,
  TheatreDetailSchema,
  TheatrePageSchema,
  TheatreRowSchema,
  TheatreUpdateSchema,
  THEATRE_LIMITS,
  theatreApi,
  type TheatreDetail,
  type TheatrePage,
  type TheatreRow,
} from '../../../shared/api/theatres.ts';
import { EnableStatus } from '../../../shared/dict/account.ts';
import { dictLabel } from '../../../shared/dict/dict.ts';
import { SEAT_KIND, TheatreExportText, TheatreField } from '../../../shared/dict/theatres.ts';
import type { Db } from '../../db/client.ts';
import { perm, scenicScope } from '../../http/access.ts';
import { audited, auditThrough, registerAction } from '../../http/action.ts';
import { createRecord, deleteRecord, updateRecord, type Resource } from '../../http/crud.ts';
import { ok } from '../../http/envelope.ts';
import { AppError } from '../../http/errors.ts';
import { sendXlsx, type ExportColumn } from '../../http/export.ts';
import { likeContains, orderFor } from '../../http/paging.ts';
import { writeAudit } from '../audit/index.ts';
import { checkMap, DEFAULT_AREA, fullGrid } from './seat-maps.ts';
import { showSeatRoutes } from './show-seats.routes.ts';
import { showRoutes } from './theatre-shows.routes.ts';
import { findTheatre, type TheatreRecord } from './theatres.service.ts';
import { theatres, theatreShows } from './theatres.table.ts';

const theatreResource: Resource<typeof theatres> = {
  table: theatres,
  id: theatres.id,
  scenic: theatres.scenicId,
  module: 'theatres',
  targetType: 'theatre',
  audit: writeAudit,
};
/** The theatre actions' audit rows: the resource's (its helpers write them through auditThrough). */
const audit = { write: writeAudit, module: theatreResource.module, targetType: theatreResource.targetType };

const seatCountSql = sql<number>`(select count(*)::int from jsonb_array_elements(${theatres.seats}) e where (e->>'kind')::int = ${SEAT_KIND.seat})`;

const theatreColumns = {
  id: theatres.id,
  name: theatres.name,
  address: theatres.address,
  rows: theatres.rows,
  cols: theatres.cols,
  seatCount: seatCountSql,
  status: theatres.status,
  remark: theatres.remark,
  createdAt: theatres.createdAt,
  updatedAt: theatres.updatedAt,
};

type TheatreListRecord = Omit<TheatreRecord, 'areas' | 'seats' | 'scenicId'> & { seatCount: number };

function toTheatreRow(r: TheatreListRecord): TheatreRow {
  return {
    id: r.id,
    name: r.name,
    address: r.address,
    rows: r.rows,
    cols: r.cols,
    seatCount: r.seatCount,
    status: r.status,
    remark: r.remark,
    createTime: r.createdAt.toISOString(),
    updateTime: r.updatedAt.toISOString(),
  };
}

function toTheatreDetail(r: TheatreRecord): TheatreDetail {
  const seatCount = r.seats.filter((s) => s.kind === SEAT_KIND.seat).length;
  return { ...toTheatreRow({ ...r, seatCount }), areas: r.areas, seats: r.seats };
}

function theatreWhere(scenicId: number, q: TheatrePage) {
  return and(
    eq(theatres.scenicId, scenicId),
    q.name ? ilike(theatres.name, likeContains(q.name)) : undefined,
    q.status ? eq(theatres.status, q.status) : undefined,
  );
}

function theatreOrder(q: TheatrePage) {
  return orderFor({ name: theatres.name, createTime: theatres.createdAt }, q, [desc(theatres.id)]);
}

async function theatreRows(db: Db, scenicId: number, q: TheatrePage, offset: number, limit: number) {
  const rows = await db
    .select(theatreColumns)
    .from(theatres)
    .where(theatreWhere(scenicId, q))
    .orderBy(...theatreOrder(q))
    .limit(limit)
    .offset(offset);
  return rows.map(toTheatreRow);
}

const THEATRE_EXPORT: ExportColumn<TheatreRow>[] = [
  { header: TheatreField.name, value: (r) => r.name, width: 24 },
  { header: TheatreField.address, value: (r) => r.address, width: 30 },
  { header: TheatreField.rows, value: (r) => r.rows, kind: 'number', width: 8 },
  { header: TheatreField.cols, value: (r) => r.cols, kind: 'number', width: 8 },
  { header: TheatreField.seatCount, value: (r) => r.seatCount, kind: 'number', width: 10 },
  { header: TheatreField.status, value: (r, lang) => dictLabel(EnableStatus, r.status, lang) },
  { header: TheatreField.remark, value: (r) => r.remark, width: 30 },
  { header: TheatreField.createTime, value: (r) => r.createTime, kind: 'datetime', width: 20 },
];

/** A theatre cannot be deleted while it has shows (409). */
async function assertNoShows(tx: Db, theatre: TheatreRecord) {
  const [shows] = await tx
    .select({ n: count() })
    .from(theatreShows)
    .where(eq(theatreShows.theatreId, theatre.id));
  if (shows && shows.n > 0)
    throw new AppError(409, 'theatreHasShows', { params: { name: theatre.name, count: shows.n } });
}

const IdQuery = z.object({ id: IdSchema }).strict();

/** docs/product.md §2 /ticket/theatreManage: theatres with their seat maps, their shows and the shows' seats. */
export async function theatreRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = root.ctx;

  // hand-registered: a read that is not a list resource
  app.post(
    theatreApi.page,
    {
      config: { access: perm('admin:theatre:page') },
      schema: {
        tags: ['theatres'],
        summary: 'Theatres of the area (without their maps), with their seat counts',
        body: TheatrePageSchema,
        response: { 200: envelopeSchema(pageResultSchema(TheatreRowSchema)) },
      },
    },
    async (req) => {
      const scenicId = scenicScope(req);
      const q = req.body;
      const [rows, totals] = await Promise.all([
        theatreRows(db, scenicId, q, (q.page - 1) * q.limit, q.limit),
        db.select({ n: count() }).from(theatres).where(theatreWhere(scenicId, q)),
      ]);
      return ok(req, { rows, total: totals[0]?.n ?? 0 });
    },
  );

  // hand-registered: streams an .xlsx file
  app.post(
    theatreApi.export,
    {
      config: { access: perm('admin:theatre:page') },
      schema: {
        tags: ['theatres'],
        summary: 'The theatres of the current filter (all pages) as an .xlsx download',
        body: TheatrePageSchema,
      },
    },
    async (req, reply) => {
      const scenicId = scenicScope(req);
      return sendXlsx(req, reply, {
        fileName: TheatreExportText.theatres,
        columns: THEATRE_EXPORT,
        fetch: (offset, limit) => theatreRows(db, scenicId, req.body, offset, limit),
      });
    },
  );

  // hand-registered: a read that is not a list resource
  app.get(
    theatreApi.query,
    {
      config: { access: perm('admin:theatre:page') },
      schema: {
        tags: ['theatres'],
        summary: 'One theatre with its seat map (tiers and cells)',
        querystring: IdQuery,
        response: { 200: envelopeSchema(TheatreDetailSchema) },
      },
    },
    async (req) => {
      const row = await findTheatre(db, scenicScope(req), req.query.id);
      if (!row) throw new AppError(404, 'theatreNotFound');
      return ok(req, toTheatreDetail(row));
    },
  );

  registerAction(root, {
    url: theatreApi.create,
    access: perm('admin:theatre:create'),
    tag: 'theatres',
    summary: 'Create a theatre: every cell of rows × cols a seat of one default tier (price 0)',
    body: TheatreCreateSchema,
    response: TheatreDetailSchema,
    audit: { ...audit, action: 'create' },
    run: async (tx, { scenicId, adminId: _, ...body }, req) => {
      const kept = auditThrough(theatreResource);
      const row = await createRecord(tx, req, kept.resource, {
        ...body,
        scenicId,
        areas: [DEFAULT_AREA],
        seats: fullGrid(body.rows, body.cols),
      });
      return audited(toTheatreDetail(row), kept.row());
    },
  });

  registerAction(root, {
    url: theatreApi.update,
    access: perm('admin:theatre:update'),
    tag: 'theatres',
    summary: 'Edit a theatre and/or its seat map (areas + seats); existing shows keep their seats',
    description:
      'Cells must lie inside rows × cols, one cell per place, a seat needs a tier of the map, tier ' +
      `keys unique, at most ${THEATRE_LIMITS.areas} tiers. Seats without a label get "N排M号".`,
    body: TheatreUpdateSchema,
    response: TheatreDetailSchema,
    audit: { ...audit, action: 'update' },
    run: async (tx, { scenicId, adminId: _, ...body }, req) => {
      const { id, ...rest } = body;
      const values: Partial<typeof theatres.$inferInsert> = { ...rest, updatedAt: new Date() };
      const kept = auditThrough(theatreResource);
      const row = await updateRecord(tx, req, kept.resource, id, scenicId, values, {
        guard: (before) => {
          checkMap(before, body);
          if (rest.seats) values.seats = labelSeats(rest.seats);
        },
      });
      return audited(toTheatreDetail(row), kept.row());
    },
  });

  registerAction(root, {
    method: 'GET',
    url: theatreApi.delete,
    access: perm('admin:theatre:delete'),
    tag: 'theatres',
    summary: 'Delete a theatre; 409 while it has shows',
    querystring: IdQuery,
    response: z.null(),
    audit: { ...audit, action: 'delete' },
    run: async (tx, { scenicId, id }, req) => {
      const kept = auditThrough(theatreResource);
      await deleteRecord(tx, req, kept.resource, id, scenicId, {
        guard: (before, inner) => assertNoShows(inner, before),
      });
      return audited(null, kept.row());
    },
  });

  await showRoutes(root);
  await showSeatRoutes(root);
}
