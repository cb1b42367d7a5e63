import { and, asc, count, eq, gte, ilike, inArray, min, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema } from '../../../shared/api/common.ts';
import {
  itineraryDaysIssue,
  TravelPackageCreateSchema,
  TravelPackagePageSchema,
  TravelPackageRowSchema,
  TravelPackageStatusSchema,
  TravelPackageUpdateSchema,
  travelPackageApi,
  TravelProductOptionSchema,
  type ItineraryDayInput,
  type TravelPackagePage,
  type TravelPackageRow,
} from '../../../shared/api/travel.ts';
import { ValidationMessage } from '../../../shared/api/validation-messages.ts';
import { dictLabel } from '../../../shared/dict/dict.ts';
import { ShelfStatus } from '../../../shared/dict/product.ts';
import { DEPARTURE_STATE, TravelField, TravelText } from '../../../shared/dict/travel.ts';
import type { Db } from '../../db/client.ts';
import { perm, scenicScope } from '../../http/access.ts';
import type { Resource } from '../../http/crud.ts';
import { ok } from '../../http/envelope.ts';
import { AppError, FieldError } from '../../http/errors.ts';
import type { ExportColumn } from '../../http/export.ts';
import { registerListResource } from '../../http/list-resource.ts';
import { likeContains } from '../../http/paging.ts';
import { areaDay, areaTimeZone } from '../../lib/area-clock.ts';
import { writeAudit } from '../audit/index.ts';
import { ticketOrders } from '../orders/index.ts';
import { ticketProducts } from '../products/index.ts';
import { travelDepartures, travelPackages, type TravelPackage } from './travel.table.ts';

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
/**
 * docs/product.md §2 /scenic/travelList: the packages of the acting area (their departures:
 * travel-departures.routes.ts).
 */
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

  // hand-registered: a read for a form's picker, not a list resource
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
}
