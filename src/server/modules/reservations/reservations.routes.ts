import { and, asc, count, desc, eq, gte, ilike, inArray, lte, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema } from '../../../shared/api/common.ts';
import {
  BookingIdSchema,
  BookingPageSchema,
  BookingRowSchema,
  maskIdNumber,
  maskPhone,
  reservationApi,
  reservationSessionApi,
  reservationSiteApi,
  SessionGenerateResultSchema,
  SessionGenerateSchema,
  SessionPageSchema,
  SessionRowSchema,
  SessionStatusSchema,
  SessionUpdateSchema,
  SiteCreateSchema,
  SiteOptionSchema,
  SitePageSchema,
  SiteRowSchema,
  SiteStatusSchema,
  SiteUpdateSchema,
  type BookingPage,
  type BookingRow,
  type SessionPage,
  type SessionRow,
  type SitePage,
  type SiteRow,
} from '../../../shared/api/reservations.ts';
import { EnableStatus } from '../../../shared/dict/account.ts';
import { dictLabel } from '../../../shared/dict/dict.ts';
import {
  ReservationField,
  ReservationSessionStatus,
  ReservationStatus,
  ReservationText,
} from '../../../shared/dict/reservations.ts';
import { BuyChannel } from '../../../shared/dict/ticket.ts';
import type { Db } from '../../db/client.ts';
import { perm, scenicScope } from '../../http/access.ts';
import type { Resource } from '../../http/crud.ts';
import { ok } from '../../http/envelope.ts';
import { AppError } from '../../http/errors.ts';
import type { ExportColumn } from '../../http/export.ts';
import { registerListResource } from '../../http/list-resource.ts';
import { likeContains } from '../../http/paging.ts';
import { addDays } from '../../lib/area-clock.ts';
import { actorOfRequest, writeAudit } from '../audit/index.ts';
import { moveBooking } from './reservations.service.ts';
import {
  reservationSessions,
  reservationSites,
  reservations,
  type Reservation,
  type ReservationSession,
  type ReservationSite,
} from './reservations.table.ts';

const siteResource: Resource<typeof reservationSites> = {
  table: reservationSites,
  id: reservationSites.id,
  scenic: reservationSites.scenicId,
  module: 'reservations',
  targetType: 'reservationSite',
  audit: writeAudit,
};

const sessionResource: Resource<typeof reservationSessions> = {
  table: reservationSessions,
  id: reservationSessions.id,
  scenic: reservationSessions.scenicId,
  module: 'reservations',
  targetType: 'reservationSession',
  audit: writeAudit,
};

const toSiteRow = (s: ReservationSite): SiteRow => ({
  id: s.id,
  name: s.name,
  location: s.location,
  capacity: s.capacity,
  daysAhead: s.daysAhead,
  closeMinutes: s.closeMinutes,
  rules: s.rules,
  realName: s.realName,
  status: s.status,
  createTime: s.createdAt.toISOString(),
  updateTime: s.updatedAt.toISOString(),
});

const yesNo = (value: boolean, lang: 'zh' | 'en') =>
  lang === 'zh' ? (value ? '是' : '否') : value ? 'Yes' : 'No';

const SITE_EXPORT: ExportColumn<SiteRow>[] = [
  { header: ReservationField.name, value: (r) => r.name, width: 24 },
  { header: ReservationField.location, value: (r) => r.location, width: 24 },
  { header: ReservationField.capacity, value: (r) => r.capacity, kind: 'number' },
  { header: ReservationField.daysAhead, value: (r) => r.daysAhead, kind: 'number' },
  { header: ReservationField.closeMinutes, value: (r) => r.closeMinutes, kind: 'number' },
  { header: ReservationField.realName, value: (r, lang) => yesNo(r.realName, lang) },
  { header: ReservationField.status, value: (r, lang) => dictLabel(EnableStatus, r.status, lang) },
  { header: ReservationField.rules, value: (r) => r.rules, width: 40 },
  { header: ReservationField.createTime, value: (r) => r.createTime, kind: 'datetime', width: 20 },
];

/** Site names by id, for the rows of sessions and bookings. */
async function siteNames(db: Db, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const found = await db
    .select({ id: reservationSites.id, name: reservationSites.name })
    .from(reservationSites)
    .where(inArray(reservationSites.id, [...new Set(ids)]));
  return new Map(found.map((s) => [s.id, s.name]));
}

const sessionRows = async (db: Db, records: ReservationSession[]): Promise<SessionRow[]> => {
  const names = await siteNames(
    db,
    records.map((r) => r.siteId),
  );
  return records.map((s) => ({
    id: s.id,
    siteId: s.siteId,
    siteName: names.get(s.siteId) ?? '',
    date: s.date,
    startTime: s.startTime,
    endTime: s.endTime,
    capacity: s.capacity,
    booked: s.booked,
    remaining: s.capacity - s.booked,
    status: s.status,
  }));
};

const SESSION_EXPORT: ExportColumn<SessionRow>[] = [
  { header: ReservationField.site, value: (r) => r.siteName, width: 24 },
  { header: ReservationField.date, value: (r) => r.date, width: 12 },
  { header: ReservationField.timeSlot, value: (r) => `${r.startTime}-${r.endTime}`, width: 14 },
  { header: ReservationField.sessionCapacity, value: (r) => r.capacity, kind: 'number' },
  { header: ReservationField.booked, value: (r) => r.booked, kind: 'number' },
  { header: ReservationField.remaining, value: (r) => r.remaining, kind: 'number' },
  {
    header: ReservationField.sessionStatus,
    value: (r, l) => dictLabel(ReservationSessionStatus, r.status, l),
  },
];

const bookingRows = async (db: Db, records: Reservation[]): Promise<BookingRow[]> => {
  const sessionIds = [...new Set(records.map((r) => r.sessionId))];
  const sessions = sessionIds.length
    ? await db.select().from(reservationSessions).where(inArray(reservationSessions.id, sessionIds))
    : [];
  const byId = new Map(sessions.map((s) => [s.id, s]));
  const names = await siteNames(
    db,
    records.map((r) => r.siteId),
  );
  return records.map((b) => {
    const session = byId.get(b.sessionId);
    return {
      id: b.id,
      code: b.code,
      siteId: b.siteId,
      siteName: names.get(b.siteId) ?? '',
      sessionId: b.sessionId,
      date: session?.date ?? '',
      startTime: session?.startTime ?? '',
      endTime: session?.endTime ?? '',
      visitorName: b.visitorName,
      phone: maskPhone(b.phone),
      idNumber: maskIdNumber(b.idNumber),
      channel: b.channel,
      status: b.status,
      bookedAt: b.bookedAt.toISOString(),
      arrivedAt: b.arrivedAt?.toISOString() ?? null,
    };
  });
};

const BOOKING_EXPORT: ExportColumn<BookingRow>[] = [
  { header: ReservationField.code, value: (r) => r.code, width: 16 },
  { header: ReservationField.site, value: (r) => r.siteName, width: 20 },
  { header: ReservationField.date, value: (r) => r.date, width: 12 },
  { header: ReservationField.timeSlot, value: (r) => `${r.startTime}-${r.endTime}`, width: 14 },
  { header: ReservationField.visitorName, value: (r) => r.visitorName },
  { header: ReservationField.phone, value: (r) => r.phone, width: 14 },
  { header: ReservationField.idNumber, value: (r) => r.idNumber, width: 20 },
  { header: ReservationField.channel, value: (r, l) => dictLabel(BuyChannel, r.channel, l) },
  { header: ReservationField.reservationStatus, value: (r, l) => dictLabel(ReservationStatus, r.status, l) },
  { header: ReservationField.bookedAt, value: (r) => r.bookedAt, kind: 'datetime', width: 20 },
  { header: ReservationField.arrivedAt, value: (r) => r.arrivedAt, kind: 'datetime', width: 20 },
];

const siteWhere = (scenicId: number, q: SitePage) =>
  and(
    eq(reservationSites.scenicId, scenicId),
    q.name ? ilike(reservationSites.name, likeContains(q.name)) : undefined,
    q.status ? eq(reservationSites.status, q.status) : undefined,
    q.realName === undefined ? undefined : eq(reservationSites.realName, q.realName),
  );

const sessionWhere = (scenicId: number, q: SessionPage) =>
  and(
    eq(reservationSessions.scenicId, scenicId),
    q.siteId ? eq(reservationSessions.siteId, q.siteId) : undefined,
    q.dateFrom ? gte(reservationSessions.date, q.dateFrom) : undefined,
    q.dateTo ? lte(reservationSessions.date, q.dateTo) : undefined,
    q.status ? eq(reservationSessions.status, q.status) : undefined,
  );

const bookingWhere = (scenicId: number, q: BookingPage) => {
  const s = reservationSessions;
  const byDay =
    q.dateFrom || q.dateTo
      ? sql`${reservations.sessionId} in (select ${s.id} from ${s} where ${and(
          eq(s.scenicId, scenicId),
          q.dateFrom ? gte(s.date, q.dateFrom) : undefined,
          q.dateTo ? lte(s.date, q.dateTo) : undefined,
        )})`
      : undefined;
  return and(
    eq(reservations.scenicId, scenicId),
    q.siteId ? eq(reservations.siteId, q.siteId) : undefined,
    q.status === undefined ? undefined : eq(reservations.status, q.status),
    q.phone ? eq(reservations.phone, q.phone) : undefined,
    q.code ? eq(reservations.code, q.code) : undefined,
    byDay,
  );
};

/** ISO weekday (1 Monday … 7 Sunday) of a calendar day. */
const weekdayOf = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay() || 7;

/** docs/product.md §2 /Make (hidden group): site, session, message. */
export async function reservationRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = root.ctx;
  const tags = ['reservations'];

  registerListResource(root, {
    tag: 'reservations',
    api: reservationSiteApi,
    perms: {
      page: 'admin:makeSite:page',
      create: 'admin:makeSite:create',
      update: 'admin:makeSite:update',
      delete: 'admin:makeSite:delete',
    },
    table: reservationSites,
    resource: siteResource,
    where: siteWhere,
    sort: {
      name: reservationSites.name,
      capacity: reservationSites.capacity,
      createTime: reservationSites.createdAt,
    },
    order: [desc(reservationSites.id)],
    rowSchema: SiteRowSchema,
    rows: (sites) => sites.map(toSiteRow),
    page: { summary: 'Booking sites of the acting area', body: SitePageSchema },
    export: {
      summary: 'The sites of the current filter (all pages) as .xlsx',
      fileName: ReservationText.sitesExport,
      columns: SITE_EXPORT,
    },
    query: { summary: 'One booking site of the acting area' },
    create: {
      summary: 'Create a booking site',
      body: SiteCreateSchema,
      values: (body, { scope: scenicId }) => ({ ...body, scenicId }),
    },
    update: { summary: 'Edit a booking site; only the fields sent change', body: SiteUpdateSchema },
    delete: {
      summary: 'Delete a site and its sessions; 409 once it has bookings (disable it instead)',
      guard: async (site, tx) => {
        const [used] = await tx
          .select({ n: count() })
          .from(reservations)
          .where(eq(reservations.siteId, site.id));
        if (used && used.n > 0)
          throw new AppError(409, 'reservationSiteHasBookings', {
            params: { name: site.name, count: used.n },
          });
      },
    },
    status: { summary: 'Enable or disable sites (1 enabled, 2 disabled)', body: SiteStatusSchema },
  });

  // the site pickers of the session and booking screens, each behind its screen's permission
  const pickers = [
    [reservationSessionApi.sites, 'admin:makeSession:page'],
    [reservationApi.sites, 'admin:makeMessage:page'],
  ] as const;
  for (const [url, permission] of pickers)
    app.get(
      url,
      {
        config: { access: perm(permission) },
        schema: {
          tags,
          summary: 'Every site of the acting area (id, name, status), for the site pickers',
          response: { 200: envelopeSchema(z.array(SiteOptionSchema)) },
        },
      },
      async (req) => {
        const rows = await db
          .select({ id: reservationSites.id, name: reservationSites.name, status: reservationSites.status })
          .from(reservationSites)
          .where(eq(reservationSites.scenicId, scenicScope(req)))
          .orderBy(asc(reservationSites.name), asc(reservationSites.id));
        return ok(req, rows);
      },
    );

  registerListResource(root, {
    tag: 'reservations',
    api: reservationSessionApi,
    perms: { page: 'admin:makeSession:page', update: 'admin:makeSession:update' },
    table: reservationSessions,
    resource: sessionResource,
    where: sessionWhere,
    sort: {
      date: reservationSessions.date,
      booked: reservationSessions.booked,
      capacity: reservationSessions.capacity,
    },
    order: [asc(reservationSessions.date), asc(reservationSessions.startTime), asc(reservationSessions.id)],
    rowSchema: SessionRowSchema,
    rows: (records, { db: d }) => sessionRows(d, records),
    page: { summary: 'Sessions of the acting area, by day and time', body: SessionPageSchema },
    export: {
      summary: 'The sessions of the current filter (all pages) as .xlsx',
      fileName: ReservationText.sessionsExport,
      columns: SESSION_EXPORT,
    },
    update: {
      summary: "Change a session's capacity; never below what is booked (409)",
      body: SessionUpdateSchema,
      // the record is locked here, so a booking's guarded UPDATE waits for this change
      guard: (before, body) => {
        if (body.capacity < before.booked)
          throw new AppError(409, 'reservationCapacityBelowBooked', {
            params: { booked: before.booked },
            data: { field: 'capacity' },
          });
      },
    },
    status: {
      summary: 'Open (1) or close (2) sessions; a closed session takes no more bookings',
      body: SessionStatusSchema,
    },
  });

  app.post(
    reservationSessionApi.generate,
    {
      config: { access: perm('admin:makeSession:update') },
      schema: {
        tags,
        summary:
          'Create the sessions of a date range, weekly pattern and time slots; existing ones (site, day, start) are skipped',
        body: SessionGenerateSchema,
        response: { 200: envelopeSchema(SessionGenerateResultSchema) },
      },
    },
    async (req) => {
      const scenicId = scenicScope(req);
      const body = req.body;
      const [site] = await db
        .select()
        .from(reservationSites)
        .where(and(eq(reservationSites.id, body.siteId), eq(reservationSites.scenicId, scenicId)));
      if (!site) throw new AppError(404, 'reservationSiteNotFound');
      const capacity = body.capacity ?? site.capacity;
      const values: (typeof reservationSessions.$inferInsert)[] = [];
      for (let day = body.dateFrom; day <= body.dateTo; day = addDays(day, 1)) {
        if (!body.weekdays.includes(weekdayOf(day))) continue;
        for (const slot of body.slots)
          values.push({ scenicId, siteId: site.id, date: day, ...slot, capacity });
      }
      const created = await db.transaction(async (tx) => {
        const rows = values.length
          ? await tx
              .insert(reservationSessions)
              .values(values)
              .onConflictDoNothing({
                target: [reservationSessions.siteId, reservationSessions.date, reservationSessions.startTime],
              })
              .returning({ id: reservationSessions.id })
          : [];
        await writeAudit(tx, req, {
          module: 'reservations',
          action: 'generate',
          targetType: 'reservationSite',
          targetId: site.id,
          after: { ...body, capacity, created: rows.length },
        });
        return rows.length;
      });
      return ok(req, { created, skipped: values.length - created });
    },
  );

  registerListResource(root, {
    tag: 'reservations',
    api: reservationApi,
    perms: { page: 'admin:makeMessage:page' },
    table: reservations,
    where: bookingWhere,
    sort: { bookedAt: reservations.bookedAt },
    order: [desc(reservations.bookedAt), desc(reservations.id)],
    rowSchema: BookingRowSchema,
    rows: (records, { db: d }) => bookingRows(d, records),
    page: { summary: 'Bookings of the acting area; phone and ID number masked', body: BookingPageSchema },
    export: {
      summary: 'The bookings of the current filter (all pages) as .xlsx, masked as in the list',
      fileName: ReservationText.bookingsExport,
      columns: BOOKING_EXPORT,
    },
  });

  for (const move of ['arrive', 'cancel'] as const)
    app.post(
      reservationApi[move],
      {
        config: { access: perm('admin:makeMessage:update') },
        schema: {
          tags,
          summary:
            move === 'arrive'
              ? 'Mark a booking arrived (0 → 1): only a booked one, on its session day'
              : 'Cancel a booking (0 → 2) before its session starts; the place is given back',
          body: BookingIdSchema,
          response: { 200: envelopeSchema(BookingRowSchema) },
        },
      },
      async (req) => {
        const scenicId = scenicScope(req);
        const moved = await db.transaction((tx) =>
          moveBooking(tx, { scenicId, by: { id: req.body.id }, move, actor: actorOfRequest(req) }),
        );
        const [row] = await bookingRows(db, [moved]);
        return ok(req, row!);
      },
    );
}
