import { and, asc, count, desc, eq, gte, ilike, inArray, lte, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema, IdSchema, pageResultSchema } from '../../../shared/api/common.ts';
import {
  labelSeats,
  seatMapIssues,
  ShowCreateResultSchema,
  ShowCreateSchema,
  ShowPageSchema,
  ShowRowSchema,
  ShowSeatsSchema,
  ShowSeatStatusSchema,
  ShowUpdateSchema,
  TheatreCreateSchema,
  TheatreDetailSchema,
  TheatrePageSchema,
  TheatreProductSchema,
  TheatreRowSchema,
  TheatreUpdateSchema,
  THEATRE_LIMITS,
  type SeatArea,
  type SeatCell,
  type ShowPage,
  type ShowRow,
  type TheatreDetail,
  type TheatrePage,
  type TheatreRow,
} from '../../../shared/api/theatres.ts';
import { ValidationMessage } from '../../../shared/api/validation-messages.ts';
import { EnableStatus } from '../../../shared/dict/account.ts';
import { dictLabel } from '../../../shared/dict/dict.ts';
import {
  PRODUCT_TYPE,
  SEAT_KIND,
  SEAT_STATUS,
  TheatreExportText,
  TheatreField,
} from '../../../shared/dict/ticket.ts';
import type { Db } from '../../db/client.ts';
import { perm, scenicScope } from '../../http/access.ts';
import { createRecord, deleteRecord, updateRecord, type Resource } from '../../http/crud.ts';
import { ok } from '../../http/envelope.ts';
import { AppError, FieldError } from '../../http/errors.ts';
import { sendXlsx, type ExportColumn } from '../../http/export.ts';
import { likeContains, orderFor } from '../../http/paging.ts';
import { writeAudit } from '../audit/index.ts';
import { findProduct, productOptions, ticketProducts } from '../products/index.ts';
import { copySeats, distinctSeats, seatNames, seatsIn, type TheatreRecord } from './theatres.service.ts';
import { showSeats, theatres, theatreShows } from './theatres.table.ts';

const BASE = '/web/api/admin/theatre';
const MODULE = 'theatres';

const theatreResource: Resource<typeof theatres> = {
  table: theatres,
  id: theatres.id,
  scenic: theatres.scenicId,
  module: MODULE,
  targetType: 'theatre',
  audit: writeAudit,
};

const showResource: Resource<typeof theatreShows> = {
  table: theatreShows,
  id: theatreShows.id,
  scenic: theatreShows.scenicId,
  module: MODULE,
  targetType: 'theatreShow',
  audit: writeAudit,
};

/** A new theatre's one tier; staff rename it and set its price in the seat-map editor. */
export const DEFAULT_AREA: SeatArea = { key: 'A', name: '普通区', color: '#409EFF', price: 0 };

/** Every cell of rows × cols a seat of the default tier (docs/decisions.md). */
export function fullGrid(rows: number, cols: number, area = DEFAULT_AREA.key): SeatCell[] {
  const cells: SeatCell[] = [];
  for (let r = 0; r < rows; r++)
    for (let c = 0; c < cols; c++) cells.push({ r, c, kind: SEAT_KIND.seat, area });
  return labelSeats(cells);
}

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

/** Seat counts of a show by status, as scalar subqueries of a show row. */
const countOf = (status?: number) =>
  sql<number>`(select count(*)::int from show_seats ss where ss.show_id = ${theatreShows.id}${
    status ? sql` and ss.status = ${status}` : sql``
  })`;

const showColumns = {
  id: theatreShows.id,
  productId: theatreShows.productId,
  productName: ticketProducts.name,
  theatreId: theatreShows.theatreId,
  theatreName: theatres.name,
  showDate: theatreShows.showDate,
  startTime: theatreShows.startTime,
  endTime: theatreShows.endTime,
  status: theatreShows.status,
  total: countOf(),
  sold: countOf(SEAT_STATUS.sold),
  held: countOf(SEAT_STATUS.held),
  blocked: countOf(SEAT_STATUS.blocked),
  createdAt: theatreShows.createdAt,
};

function showWhere(scenicId: number, q: Partial<ShowPage>) {
  return and(
    eq(theatreShows.scenicId, scenicId),
    q.productId ? eq(theatreShows.productId, q.productId) : undefined,
    q.theatreId ? eq(theatreShows.theatreId, q.theatreId) : undefined,
    q.from ? gte(theatreShows.showDate, q.from) : undefined,
    q.to ? lte(theatreShows.showDate, q.to) : undefined,
    q.status ? eq(theatreShows.status, q.status) : undefined,
  );
}

function showQuery(db: Db) {
  return db
    .select(showColumns)
    .from(theatreShows)
    .innerJoin(theatres, eq(theatres.id, theatreShows.theatreId))
    .innerJoin(ticketProducts, eq(ticketProducts.id, theatreShows.productId));
}

function toShowRow(r: Awaited<ReturnType<ReturnType<typeof showQuery>['execute']>>[number]): ShowRow {
  const { createdAt, ...rest } = r;
  return { ...rest, createTime: createdAt.toISOString() };
}

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

/** The seat map of an update, checked against the effective rows and columns: FieldError naming it. */
function checkMap(before: TheatreRecord, body: z.infer<typeof TheatreUpdateSchema>) {
  const rows = body.rows ?? before.rows;
  const cols = body.cols ?? before.cols;
  const areas = body.areas ?? before.areas;
  const seats = body.seats ?? before.seats;
  const issue = seatMapIssues(rows, cols, areas, seats)[0];
  if (!issue) return;
  const reason = ValidationMessage[issue.message];
  // the caller did not send the part that is wrong: name what it changed instead
  if (issue.path[0] === 'seats' && !body.seats) {
    if (issue.message === 'seatOutsideMap')
      throw new FieldError(seats.some((s) => s.r >= rows) ? 'rows' : 'cols', reason);
    throw new FieldError('areas', reason);
  }
  throw new FieldError(issue.path.join('.'), reason);
}

const okSchema = envelopeSchema(z.null());
const IdQuery = z.object({ id: IdSchema }).strict();

export async function theatreRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = root.ctx;

  // ---- theatres ------------------------------------------------------------------------------

  app.post(
    `${BASE}/page`,
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

  app.post(
    `${BASE}/export`,
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

  app.get(
    `${BASE}/query`,
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
      const [row] = await db
        .select()
        .from(theatres)
        .where(and(eq(theatres.id, req.query.id), eq(theatres.scenicId, scenicScope(req))));
      if (!row) throw new AppError(404, 'theatreNotFound');
      return ok(req, toTheatreDetail(row));
    },
  );

  app.post(
    `${BASE}/create`,
    {
      config: { access: perm('admin:theatre:create') },
      schema: {
        tags: ['theatres'],
        summary: 'Create a theatre: every cell of rows × cols a seat of one default tier (price 0)',
        body: TheatreCreateSchema,
        response: { 200: envelopeSchema(TheatreDetailSchema) },
      },
    },
    async (req) => {
      const scenicId = scenicScope(req);
      const body = req.body;
      const row = await createRecord(db, req, theatreResource, {
        ...body,
        scenicId,
        areas: [DEFAULT_AREA],
        seats: fullGrid(body.rows, body.cols),
      });
      return ok(req, toTheatreDetail(row));
    },
  );

  app.post(
    `${BASE}/update`,
    {
      config: { access: perm('admin:theatre:update') },
      schema: {
        tags: ['theatres'],
        summary: 'Edit a theatre and/or its seat map (areas + seats); existing shows keep their seats',
        description:
          'Cells must lie inside rows × cols, one cell per place, a seat needs a tier of the map, tier ' +
          `keys unique, at most ${THEATRE_LIMITS.areas} tiers. Seats without a label get "N排M号".`,
        body: TheatreUpdateSchema,
        response: { 200: envelopeSchema(TheatreDetailSchema) },
      },
    },
    async (req) => {
      const { id, ...rest } = req.body;
      const values: Partial<typeof theatres.$inferInsert> = { ...rest, updatedAt: new Date() };
      const row = await updateRecord(db, req, theatreResource, id, scenicScope(req), values, {
        guard: (before) => {
          checkMap(before, req.body);
          if (rest.seats) values.seats = labelSeats(rest.seats);
        },
      });
      return ok(req, toTheatreDetail(row));
    },
  );

  app.get(
    `${BASE}/delete`,
    {
      config: { access: perm('admin:theatre:delete') },
      schema: {
        tags: ['theatres'],
        summary: 'Delete a theatre; 409 while it has shows',
        querystring: IdQuery,
        response: { 200: okSchema },
      },
    },
    async (req) => {
      await deleteRecord(db, req, theatreResource, req.query.id, scenicScope(req), {
        guard: async (before, tx) => {
          const [shows] = await tx
            .select({ n: count() })
            .from(theatreShows)
            .where(eq(theatreShows.theatreId, before.id));
          if (shows && shows.n > 0)
            throw new AppError(409, 'theatreHasShows', { params: { name: before.name, count: shows.n } });
        },
      });
      return ok(req, null);
    },
  );

  app.post(
    `${BASE}/products`,
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

  // ---- shows ---------------------------------------------------------------------------------

  app.post(
    `${BASE}/show/page`,
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

  app.post(
    `${BASE}/show/create`,
    {
      config: { access: perm('admin:theatre:create') },
      schema: {
        tags: ['theatres'],
        summary: 'One show per matching day of from..to (≤ 92 days), seats copied from the map',
        description:
          'Days where the theatre already has a show overlapping startTime-endTime are skipped ' +
          '(counted in `skipped`). Each show gets the seats (kind 1) of the map with their tier price.',
        body: ShowCreateSchema,
        response: { 200: envelopeSchema(ShowCreateResultSchema) },
      },
    },
    async (req) => {
      const scenicId = scenicScope(req);
      const body = req.body;
      const product = await findProduct(db, scenicId, body.productId);
      if (!product) throw new AppError(404, 'recordNotFound');
      if (product.productType !== PRODUCT_TYPE.performance)
        throw new FieldError('productId', ValidationMessage.performanceProduct);
      const result = await db.transaction(async (tx) => {
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
        await writeAudit(tx, req, {
          module: MODULE,
          action: 'createShows',
          targetType: 'theatreShow',
          targetId: ids.join(',').slice(0, 64),
          after: { ...body, created: ids.length, skipped: dates.length - free.length, ids },
        });
        return { created: ids.length, skipped: dates.length - free.length };
      });
      return ok(req, result);
    },
  );

  app.post(
    `${BASE}/show/update`,
    {
      config: { access: perm('admin:theatre:update') },
      schema: {
        tags: ['theatres'],
        summary: 'Change the time of a show, or close (2) / reopen (1) its sale',
        body: ShowUpdateSchema,
        response: { 200: envelopeSchema(ShowRowSchema) },
      },
    },
    async (req) => {
      const scenicId = scenicScope(req);
      const { id, ...rest } = req.body;
      await updateRecord(
        db,
        req,
        showResource,
        id,
        scenicId,
        { ...rest, updatedAt: new Date() },
        {
          guard: async (before, tx) => {
            const next = {
              startTime: rest.startTime ?? before.startTime,
              endTime: rest.endTime ?? before.endTime,
            };
            if (next.endTime <= next.startTime)
              throw new FieldError('endTime', ValidationMessage.endAfterStart);
            if (!rest.startTime && !rest.endTime) return;
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
          },
        },
      );
      const [row] = await showQuery(db).where(eq(theatreShows.id, id));
      if (!row) throw new AppError(404, 'showNotFound');
      return ok(req, toShowRow(row));
    },
  );

  app.get(
    `${BASE}/show/delete`,
    {
      config: { access: perm('admin:theatre:delete') },
      schema: {
        tags: ['theatres'],
        summary: 'Delete a show and its seats; 409 while any seat is held or sold',
        querystring: IdQuery,
        response: { 200: okSchema },
      },
    },
    async (req) => {
      await deleteRecord(db, req, showResource, req.query.id, scenicScope(req), {
        guard: async (before, tx) => {
          const [taken] = await tx
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
      return ok(req, null);
    },
  );

  app.get(
    `${BASE}/show/seats`,
    {
      config: { access: perm('admin:theatre:page') },
      schema: {
        tags: ['theatres'],
        summary: "A show's seat map: layout of its theatre (tiers, aisles, disabled cells) and seat statuses",
        querystring: IdQuery,
        response: { 200: envelopeSchema(ShowSeatsSchema) },
      },
    },
    async (req) => {
      const scenicId = scenicScope(req);
      const [show] = await showQuery(db).where(
        and(eq(theatreShows.id, req.query.id), eq(theatreShows.scenicId, scenicId)),
      );
      if (!show) throw new AppError(404, 'showNotFound');
      const [theatre] = await db.select().from(theatres).where(eq(theatres.id, show.theatreId));
      const seats = await db
        .select({
          row: showSeats.row,
          col: showSeats.col,
          label: showSeats.label,
          areaKey: showSeats.areaKey,
          price: showSeats.price,
          status: showSeats.status,
        })
        .from(showSeats)
        .where(eq(showSeats.showId, show.id))
        .orderBy(asc(showSeats.row), asc(showSeats.col));
      // the map may have changed since the show was created: its seats are what counts
      const areas = [...(theatre?.areas ?? [])];
      for (const s of seats) {
        if (!areas.some((a) => a.key === s.areaKey))
          areas.push({ key: s.areaKey, name: s.areaKey, color: '#999999', price: s.price });
      }
      const seatCells = new Set(seats.map((s) => `${s.row}:${s.col}`));
      const cells = (theatre?.seats ?? [])
        .filter((c) => c.kind !== SEAT_KIND.seat && !seatCells.has(`${c.r}:${c.c}`))
        .map((c) => ({ r: c.r, c: c.c, kind: c.kind }));
      return ok(req, {
        show: toShowRow(show),
        rows: Math.max(theatre?.rows ?? 0, ...seats.map((s) => s.row + 1)),
        cols: Math.max(theatre?.cols ?? 0, ...seats.map((s) => s.col + 1)),
        areas,
        cells,
        seats,
      });
    },
  );

  app.post(
    `${BASE}/show/seatStatus`,
    {
      config: { access: perm('admin:theatre:update') },
      schema: {
        tags: ['theatres'],
        summary: 'Block (4) or free again (1) seats of a show; 409 for held or sold seats',
        body: ShowSeatStatusSchema,
        response: { 200: envelopeSchema(z.object({ changed: z.number().int() })) },
      },
    },
    async (req) => {
      const scenicId = scenicScope(req);
      const body = req.body;
      const wanted = distinctSeats(body.seats);
      const changed = await db.transaction(async (tx) => {
        const [show] = await tx
          .select()
          .from(theatreShows)
          .where(and(eq(theatreShows.id, body.showId), eq(theatreShows.scenicId, scenicId)))
          .for('share');
        if (!show) throw new AppError(404, 'showNotFound');
        const where = and(eq(showSeats.showId, show.id), seatsIn(wanted));
        const found = await tx
          .select({ row: showSeats.row, col: showSeats.col, status: showSeats.status })
          .from(showSeats)
          .where(where)
          .orderBy(asc(showSeats.row), asc(showSeats.col))
          .for('update');
        if (found.length < wanted.length) throw new FieldError('seats', ValidationMessage.seatNotInShow);
        const taken = found.filter((s) => s.status === SEAT_STATUS.held || s.status === SEAT_STATUS.sold);
        if (taken.length)
          throw new AppError(409, 'seatsNotBlockable', {
            params: { seats: await seatNames(tx, show.id, taken) },
            data: { seats: taken.map(({ row, col }) => ({ row, col })) },
          });
        const updated = await tx
          .update(showSeats)
          .set({ status: body.status, holdRef: null, updatedAt: sql`now()` })
          .where(
            and(
              where,
              inArray(showSeats.status, [SEAT_STATUS.available, SEAT_STATUS.blocked]),
              ne(showSeats.status, body.status),
            ),
          )
          .returning({ row: showSeats.row, col: showSeats.col });
        await writeAudit(tx, req, {
          module: MODULE,
          action: body.status === SEAT_STATUS.blocked ? 'blockSeats' : 'unblockSeats',
          targetType: 'theatreShow',
          targetId: show.id,
          after: { seats: updated },
        });
        return updated.length;
      });
      return ok(req, { changed });
    },
  );
}
