import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema, IdSchema } from '../../../shared/api/common.ts';
import { ShowSeatsSchema, ShowSeatStatusSchema, showApi } from '../../../shared/api/theatres.ts';
import { ValidationMessage } from '../../../shared/api/validation-messages.ts';
import { SEAT_KIND, SEAT_STATUS } from '../../../shared/dict/theatres.ts';
import { perm, scenicScope } from '../../http/access.ts';
import { audited, registerAction } from '../../http/action.ts';
import { ok } from '../../http/envelope.ts';
import { AppError, FieldError } from '../../http/errors.ts';
import { writeAudit } from '../audit/index.ts';
import { showQuery, toShowRow } from './theatre-shows.query.ts';
import { distinctSeats, seatNames, seatsIn } from './theatres.service.ts';
import { showSeats, theatres, theatreShows } from './theatres.table.ts';

/** The seats of a show: its seat map with their statuses, and blocking seats from sale. */
export async function showSeatRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = root.ctx;

  // hand-registered: a read that is not a list resource
  app.get(
    showApi.seats,
    {
      config: { access: perm('admin:theatre:page') },
      schema: {
        tags: ['theatres'],
        summary: "A show's seat map: layout of its theatre (tiers, aisles, disabled cells) and seat statuses",
        querystring: z.object({ id: IdSchema }).strict(),
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

  registerAction(root, {
    url: showApi.seatStatus,
    access: perm('admin:theatre:update'),
    tag: 'theatres',
    summary: 'Block (4) or free again (1) seats of a show; 409 for held or sold seats',
    body: ShowSeatStatusSchema,
    response: z.object({ changed: z.number().int() }),
    audit: { write: writeAudit, module: 'theatres', action: 'blockSeats', targetType: 'theatreShow' },
    run: async (tx, { scenicId, showId, seats, status }) => {
      const wanted = distinctSeats(seats);
      const [show] = await tx
        .select()
        .from(theatreShows)
        .where(and(eq(theatreShows.id, showId), eq(theatreShows.scenicId, scenicId)))
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
        .set({ status, holdRef: null, updatedAt: sql`now()` })
        .where(
          and(
            where,
            inArray(showSeats.status, [SEAT_STATUS.available, SEAT_STATUS.blocked]),
            ne(showSeats.status, status),
          ),
        )
        .returning({ row: showSeats.row, col: showSeats.col });
      return audited(
        { changed: updated.length },
        {
          targetId: show.id,
          action: status === SEAT_STATUS.blocked ? 'blockSeats' : 'unblockSeats',
          after: { seats: updated },
        },
      );
    },
  });
}
