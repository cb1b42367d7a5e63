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
import { audited, registerAction } from '../../http/action.ts';
import { ok } from '../../http/envelope.ts';
import { AppError, FieldError } from '../../http/errors.ts';
import { addDays, areaDay, areaTimeZone } from '../../lib/area-clock.ts';
import { writeAudit } from '../audit/index.ts';
import { ticketOrders } from '../orders/index.ts';
import { travelDepartures, travelPackages, type TravelDeparture } from './travel.table.ts';

const tags = ['travel'];

/** The departures' audit rows (every write below): the scenic module's. */
const audit = { write: writeAudit, module: 'scenic', targetType: 'travelDeparture' } as const;

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

  // hand-registered: a read that is not a list resource
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

  registerAction(root, {
    url: travelDepartureApi.create,
    access: perm('admin:travel:update'),
    tag: 'travel',
    summary: 'Add one departure per day (and weekday) of a range; dates the package already has are skipped',
    body: DepartureCreateSchema,
    response: z.object({ created: z.number().int(), skipped: z.number().int() }),
    audit: { ...audit, action: 'create' },
    run: async (tx, { scenicId, adminId: _, ...body }) => {
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
      return audited(
        { created: created.length, skipped: values.length - created.length },
        { targetId: p.id, after: { ...body, created: created.length } },
      );
    },
  });
}

/** docs/product.md §2 /scenic/travelList: changing or deleting one departure. */
export async function travelDepartureEditRoutes(root: FastifyInstance) {
  registerAction(root, {
    url: travelDepartureApi.update,
    access: perm('admin:travel:update'),
    tag: 'travel',
    summary: 'Change the capacity (not below the seats sold), price (new bookings) or state of a departure',
    body: DepartureUpdateSchema,
    response: DepartureRowSchema,
    audit: { ...audit, action: 'update' },
    run: async (tx, { scenicId, adminId: _, id, ...changes }) => {
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
      const row = departureRow(after!);
      return audited(row, { targetId: id, before: departureRow(before), after: row });
    },
  });

  registerAction(root, {
    method: 'GET',
    url: travelDepartureApi.delete,
    access: perm('admin:travel:update'),
    tag: 'travel',
    summary: 'Delete a departure; 409 when it has orders (close it instead)',
    querystring: z.object({ id: z.coerce.number().int().positive() }).strict(),
    response: z.null(),
    audit: { ...audit, action: 'delete' },
    run: async (tx, { scenicId, id }) => {
      const before = await lockDeparture(tx, scenicId, id);
      const [used] = await tx
        .select({ n: count() })
        .from(ticketOrders)
        .where(eq(ticketOrders.departureId, before.id));
      if (before.sold > 0 || Number(used?.n ?? 0) > 0) throw new AppError(409, 'travelDepartureHasOrders');
      await tx.delete(travelDepartures).where(eq(travelDepartures.id, before.id));
      return audited(null, { targetId: before.id, before: departureRow(before) });
    },
  });
}
