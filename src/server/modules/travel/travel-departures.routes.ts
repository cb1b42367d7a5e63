import { and, asc, count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema } from '../../../shared/api/common.ts';
import {
  DepartureCreateSchema,
  DepartureListQuerySchema,
  DepartureRowSchema,
  DepartureUpdateSchema,
  travelDepartureApi,
  type DepartureRow,
} from '../../../shared/api/travel.ts';
import { ValidationMessage } from '../../../shared/api/validation-messages.ts';
import type { Db } from '../../db/client.ts';
import { perm, scenicScope } from '../../http/access.ts';
import { ok } from '../../http/envelope.ts';
import { AppError, FieldError } from '../../http/errors.ts';
import { addDays, areaDay, areaTimeZone } from '../../lib/area-clock.ts';
import { writeAudit } from '../audit/index.ts';
import { ticketOrders } from '../orders/index.ts';
import { travelDepartures, travelPackages, type TravelDeparture } from './travel.table.ts';

const tags = ['travel'];

const departureRow = (d: TravelDeparture): DepartureRow => ({
  id: d.id,
  packageId: d.packageId,
  date: d.date,
  capacity: d.capacity,
  sold: d.sold,
  left: d.capacity - d.sold,
  price: d.price,
  state: d.state,
});

/** ISO weekday 1 (Monday) - 7 of a "YYYY-MM-DD". */
const weekdayOf = (day: string) => ((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;

/** The package of the acting area (404 otherwise). */
const packageOf = async (tx: Db, scenicId: number, id: number) => {
  const [p] = await tx
    .select()
    .from(travelPackages)
    .where(and(eq(travelPackages.id, id), eq(travelPackages.scenicId, scenicId)));
  if (!p) throw new AppError(404, 'travelPackageNotFound');
  return p;
};

/** The departure of the acting area, locked (404 otherwise). */
const lockDeparture = async (tx: Db, scenicId: number, id: number) => {
  const [d] = await tx
    .select()
    .from(travelDepartures)
    .where(and(eq(travelDepartures.id, id), eq(travelDepartures.scenicId, scenicId)))
    .for('update');
  if (!d) throw new AppError(404, 'travelDepartureNotFound', { params: { id } });
  return d;
};

/** docs/product.md §2 /scenic/travelList: a package's departures, and adding a range of them. */
export async function travelDepartureRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = root.ctx;

  app.get(
    travelDepartureApi.list,
    {
      config: { access: perm('admin:travel:page') },
      schema: {
        tags,
        summary: 'The departures of a package, by date',
        querystring: DepartureListQuerySchema,
        response: { 200: envelopeSchema(z.array(DepartureRowSchema)) },
      },
    },
    async (req) => {
      const scenicId = scenicScope(req);
      await packageOf(db, scenicId, req.query.packageId);
      const rows = await db
        .select()
        .from(travelDepartures)
        .where(
          and(eq(travelDepartures.packageId, req.query.packageId), eq(travelDepartures.scenicId, scenicId)),
        )
        .orderBy(asc(travelDepartures.date));
      return ok(req, rows.map(departureRow));
    },
  );

  app.post(
    travelDepartureApi.create,
    {
      config: { access: perm('admin:travel:update') },
      schema: {
        tags,
        summary:
          'Add one departure per day (and weekday) of a range; dates the package already has are skipped',
        body: DepartureCreateSchema,
        response: { 200: envelopeSchema(z.object({ created: z.number().int(), skipped: z.number().int() })) },
      },
    },
    async (req) => {
      const scenicId = scenicScope(req);
      const body = req.body;
      const result = await db.transaction(async (tx) => {
        const p = await packageOf(tx, scenicId, body.packageId);
        const today = areaDay(new Date(), await areaTimeZone(tx, scenicId));
        if (body.dateFrom < today) throw new FieldError('dateFrom', ValidationMessage.datePast);
        const values: (typeof travelDepartures.$inferInsert)[] = [];
        for (let day = body.dateFrom; day <= body.dateTo; day = addDays(day, 1))
          if (!body.weekdays || body.weekdays.includes(weekdayOf(day)))
            values.push({ scenicId, packageId: p.id, date: day, capacity: body.capacity, price: body.price });
        const created = values.length
          ? await tx
              .insert(travelDepartures)
              .values(values)
              .onConflictDoNothing({ target: [travelDepartures.packageId, travelDepartures.date] })
              .returning({ id: travelDepartures.id })
          : [];
        await writeAudit(tx, req, {
          module: 'scenic',
          action: 'create',
          targetType: 'travelDeparture',
          targetId: p.id,
          after: { ...body, created: created.length },
        });
        return { created: created.length, skipped: values.length - created.length };
      });
      return ok(req, result);
    },
  );
}

/** docs/product.md §2 /scenic/travelList: changing or deleting one departure. */
export async function travelDepartureEditRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = root.ctx;

  app.post(
    travelDepartureApi.update,
    {
      config: { access: perm('admin:travel:update') },
      schema: {
        tags,
        summary:
          'Change the capacity (not below the seats sold), price (new bookings) or state of a departure',
        body: DepartureUpdateSchema,
        response: { 200: envelopeSchema(DepartureRowSchema) },
      },
    },
    async (req) => {
      const scenicId = scenicScope(req);
      const { id, ...changes } = req.body;
      const saved = await db.transaction(async (tx) => {
        const before = await lockDeparture(tx, scenicId, id);
        if (changes.capacity !== undefined && changes.capacity < before.sold)
          throw new AppError(409, 'travelCapacityBelowSold', {
            params: { sold: before.sold },
            data: { field: 'capacity' },
          });
        const [after] = await tx
          .update(travelDepartures)
          .set({ ...changes, updatedAt: new Date() })
          .where(eq(travelDepartures.id, id))
          .returning();
        await writeAudit(tx, req, {
          module: 'scenic',
          action: 'update',
          targetType: 'travelDeparture',
          targetId: id,
          before: departureRow(before),
          after: departureRow(after!),
        });
        return after!;
      });
      return ok(req, departureRow(saved));
    },
  );

  app.get(
    travelDepartureApi.delete,
    {
      config: { access: perm('admin:travel:update') },
      schema: {
        tags,
        summary: 'Delete a departure; 409 when it has orders (close it instead)',
        querystring: z.object({ id: z.coerce.number().int().positive() }).strict(),
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (req) => {
      const scenicId = scenicScope(req);
      await db.transaction(async (tx) => {
        const before = await lockDeparture(tx, scenicId, req.query.id);
        const [used] = await tx
          .select({ n: count() })
          .from(ticketOrders)
          .where(eq(ticketOrders.departureId, before.id));
        if (before.sold > 0 || Number(used?.n ?? 0) > 0) throw new AppError(409, 'travelDepartureHasOrders');
        await tx.delete(travelDepartures).where(eq(travelDepartures.id, before.id));
        await writeAudit(tx, req, {
          module: 'scenic',
          action: 'delete',
          targetType: 'travelDeparture',
          targetId: before.id,
          before: departureRow(before),
        });
      });
      return ok(req, null);
    },
  );
}
