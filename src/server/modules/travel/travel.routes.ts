import { and, asc, count, eq, gte, ilike, inArray, min, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema } from '../../../shared/api/common.ts';
import {
  DepartureCreateSchema,
  DepartureListQuerySchema,
  DepartureRowSchema,
  DepartureUpdateSchema,
  itineraryDaysIssue,
  travelDepartureApi,
  TravelPackageCreateSchema,
  TravelPackagePageSchema,
  TravelPackageRowSchema,
  TravelPackageStatusSchema,
  TravelPackageUpdateSchema,
  travelPackageApi,
  TravelProductOptionSchema,
  type DepartureRow,
  type ItineraryDayInput,
  type TravelPackagePage,
  type TravelPackageRow,
} from '../../../shared/api/travel.ts';
import { ValidationMessage } from '../../../shared/api/validation-messages.ts';
import { dictLabel } from '../../../shared/dict/dict.ts';
import { ShelfStatus } from '../../../shared/dict/ticket.ts';
import { DEPARTURE_STATE, TravelField, TravelText } from '../../../shared/dict/travel.ts';
import type { Db } from '../../db/client.ts';
import { perm, scenicScope } from '../../http/access.ts';
import type { Resource } from '../../http/crud.ts';
import { ok } from '../../http/envelope.ts';
import { AppError, FieldError } from '../../http/errors.ts';
import type { ExportColumn } from '../../http/export.ts';
import { registerListResource } from '../../http/list-resource.ts';
import { likeContains } from '../../http/paging.ts';
import { addDays, areaDay, areaTimeZone } from '../../lib/area-clock.ts';
import { writeAudit } from '../audit/index.ts';
import { ticketOrders } from '../orders/index.ts';
import { ticketProducts } from '../products/index.ts';
import {
  travelDepartures,
  travelPackages,
  type TravelDeparture,
  type TravelPackage,
} from './travel.table.ts';

const resource: Resource<typeof travelPackages> = {
  table: travelPackages,
  id: travelPackages.id,
  scenic: travelPackages.scenicId,
  module: 'scenic',
  targetType: 'travelPackage',
  audit: writeAudit,
};

/** The packages' open departures from the area's today: how many, the next one, the lowest price. */
async function packageRows(db: Db, records: TravelPackage[]): Promise<TravelPackageRow[]> {
  const first = records[0];
  const today = first ? areaDay(new Date(), await areaTimeZone(db, first.scenicId)) : '';
  const stats = records.length
    ? await db
        .select({
          packageId: travelDepartures.packageId,
          n: count(),
          next: min(travelDepartures.date),
          minPrice: min(travelDepartures.price),
        })
        .from(travelDepartures)
        .where(
          and(
            inArray(
              travelDepartures.packageId,
              records.map((r) => r.id),
            ),
            eq(travelDepartures.state, DEPARTURE_STATE.open),
            gte(travelDepartures.date, today),
          ),
        )
        .groupBy(travelDepartures.packageId)
    : [];
  return records.map((p) => {
    const s = stats.find((x) => x.packageId === p.id);
    return {
      id: p.id,
      name: p.name,
      cover: p.cover,
      days: p.days,
      itinerary: p.itinerary,
      included: p.included,
      excluded: p.excluded,
      status: p.status,
      openDepartures: Number(s?.n ?? 0),
      nextDeparture: s?.next ?? null,
      minPrice: s?.minPrice == null ? null : Number(s.minPrice),
      createTime: p.createdAt.toISOString(),
      updateTime: p.updatedAt.toISOString(),
    };
  });
}

/**
 * The itinerary's products all belong to the area (a FieldError naming the day otherwise); answers
 * the ticket product of the travellers: the first product of the itinerary.
 */
async function checkItinerary(db: Db, scenicId: number, itinerary: ItineraryDayInput[]): Promise<number> {
  const ids = [...new Set(itinerary.flatMap((d) => d.productIds))];
  const found = ids.length
    ? await db
        .select({ id: ticketProducts.id })
        .from(ticketProducts)
        .where(and(eq(ticketProducts.scenicId, scenicId), inArray(ticketProducts.id, ids)))
    : [];
  const known = new Set(found.map((p) => p.id));
  for (const [d, day] of itinerary.entries())
    for (const [k, id] of day.productIds.entries())
      if (!known.has(id))
        throw new FieldError(`itinerary.${d}.productIds.${k}`, ValidationMessage.productOfArea);
  const first = itinerary.flatMap((d) => d.productIds)[0];
  if (first == null) throw new FieldError('itinerary', ValidationMessage.itineraryProducts);
  return first;
}

const packageWhere = (scenicId: number, q: TravelPackagePage) =>
  and(
    eq(travelPackages.scenicId, scenicId),
    q.name ? ilike(travelPackages.name, likeContains(q.name)) : undefined,
    q.status ? eq(travelPackages.status, q.status) : undefined,
  );

const PACKAGE_EXPORT: ExportColumn<TravelPackageRow>[] = [
  { header: TravelField.name, value: (r) => r.name, width: 28 },
  { header: TravelField.days, value: (r) => r.days, kind: 'number' },
  { header: TravelField.status, value: (r, lang) => dictLabel(ShelfStatus, r.status, lang) },
  { header: TravelField.departures, value: (r) => r.openDepartures, kind: 'number' },
  { header: TravelField.nextDeparture, value: (r) => r.nextDeparture ?? '' },
  {
    header: TravelField.minPrice,
    value: (r) => (r.minPrice == null ? '' : r.minPrice / 100),
    kind: 'number',
  },
  { header: TravelField.included, value: (r) => r.included, width: 40 },
  { header: TravelField.excluded, value: (r) => r.excluded, width: 40 },
  { header: TravelField.createTime, value: (r) => r.createTime, kind: 'datetime', width: 20 },
];

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

/** docs/product.md §2 /scenic/travelList: the packages of the acting area and their departures. */
export async function travelRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = root.ctx;
  const tags = ['travel'];

  registerListResource(root, {
    tag: 'travel',
    api: travelPackageApi,
    perms: {
      page: 'admin:travel:page',
      create: 'admin:travel:create',
      update: 'admin:travel:update',
      delete: 'admin:travel:delete',
    },
    table: travelPackages,
    resource,
    where: packageWhere,
    sort: { name: travelPackages.name, days: travelPackages.days, createTime: travelPackages.createdAt },
    order: [sql`${travelPackages.createdAt} desc`, sql`${travelPackages.id} desc`],
    rowSchema: TravelPackageRowSchema,
    rows: (records, { db: d }) => packageRows(d, records),
    page: { summary: 'Travel packages of the acting area, newest first', body: TravelPackagePageSchema },
    export: {
      summary: 'The packages of the current filter (all pages) as .xlsx',
      fileName: TravelText.exportPackages,
      columns: PACKAGE_EXPORT,
    },
    query: { summary: 'One package of the acting area' },
    create: {
      summary: "Create a package: one itinerary entry per day, its products the area's",
      body: TravelPackageCreateSchema,
      values: async (body, { scope: scenicId, db: d }) => ({
        ...body,
        scenicId,
        ticketProductId: await checkItinerary(d, scenicId, body.itinerary),
      }),
    },
    update: {
      summary: 'Edit a package; only the fields sent change, days and itinerary checked on the result',
      body: TravelPackageUpdateSchema,
      values: async (body, { scope: scenicId, db: d }) =>
        body.itinerary
          ? {
              ...body,
              ticketProductId: await checkItinerary(d, scenicId, body.itinerary),
              updatedAt: new Date(),
            }
          : { ...body, updatedAt: new Date() },
      guard: (before, body) => {
        const after = { days: body.days ?? before.days, itinerary: body.itinerary ?? before.itinerary };
        if (itineraryDaysIssue(after)) throw new FieldError('itinerary', ValidationMessage.itineraryDays);
      },
    },
    delete: {
      summary: 'Delete a package and its departures; 409 when it has orders',
      guard: async (before, tx) => {
        const [used] = await tx
          .select({ n: count() })
          .from(ticketOrders)
          .innerJoin(travelDepartures, eq(travelDepartures.id, ticketOrders.departureId))
          .where(eq(travelDepartures.packageId, before.id));
        if (Number(used?.n ?? 0) > 0) throw new AppError(409, 'travelPackageHasOrders');
      },
    },
    status: {
      summary: 'Put packages on shelf (1) or off shelf (2); all or none change',
      body: TravelPackageStatusSchema,
    },
  });

  app.get(
    travelPackageApi.productOptions,
    {
      config: { access: perm('admin:travel:page') },
      schema: {
        tags,
        summary: "The area's products for the itinerary editor: id and name",
        response: { 200: envelopeSchema(z.array(TravelProductOptionSchema)) },
      },
    },
    async (req) =>
      ok(
        req,
        await db
          .select({ id: ticketProducts.id, name: ticketProducts.name })
          .from(ticketProducts)
          .where(eq(ticketProducts.scenicId, scenicScope(req)))
          .orderBy(asc(ticketProducts.sort), asc(ticketProducts.id)),
      ),
  );

  /** The package of the acting area (404 otherwise). */
  const packageOf = async (tx: Db, scenicId: number, id: number) => {
    const [p] = await tx
      .select()
      .from(travelPackages)
      .where(and(eq(travelPackages.id, id), eq(travelPackages.scenicId, scenicId)));
    if (!p) throw new AppError(404, 'travelPackageNotFound');
    return p;
  };

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
