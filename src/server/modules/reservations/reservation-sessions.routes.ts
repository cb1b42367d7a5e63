import { and, asc, eq, gte, lte } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  reservationSessionApi,
  SessionGenerateResultSchema,
  SessionGenerateSchema,
  SessionPageSchema,
  SessionRowSchema,
  SessionStatusSchema,
  SessionUpdateSchema,
  type SessionPage,
  type SessionRow,
} from '../../../shared/api/reservations.ts';
import { dictLabel } from '../../../shared/dict/dict.ts';
import {
  ReservationField,
  ReservationSessionStatus,
  ReservationText,
} from '../../../shared/dict/reservations.ts';
import type { Db } from '../../db/client.ts';
import { perm } from '../../http/access.ts';
import { audited, registerAction } from '../../http/action.ts';
import type { Resource } from '../../http/crud.ts';
import { AppError } from '../../http/errors.ts';
import type { ExportColumn } from '../../http/export.ts';
import { registerListResource } from '../../http/list-resource.ts';
import { addDays } from '../../lib/area-clock.ts';
import { writeAudit } from '../audit/index.ts';
import { siteNames } from './reservations-http.ts';
import { reservationSessions, reservationSites, type ReservationSession } from './reservations.table.ts';

const sessionResource: Resource<typeof reservationSessions> = {
  table: reservationSessions,
  id: reservationSessions.id,
  scenic: reservationSessions.scenicId,
  module: 'reservations',
  targetType: 'reservationSession',
  audit: writeAudit,
};

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

const sessionWhere = (scenicId: number, q: SessionPage) =>
  and(
    eq(reservationSessions.scenicId, scenicId),
    q.siteId ? eq(reservationSessions.siteId, q.siteId) : undefined,
    q.dateFrom ? gte(reservationSessions.date, q.dateFrom) : undefined,
    q.dateTo ? lte(reservationSessions.date, q.dateTo) : undefined,
    q.status ? eq(reservationSessions.status, q.status) : undefined,
  );

/** ISO weekday (1 Monday … 7 Sunday) of a calendar day. */
const weekdayOf = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay() || 7;

/** docs/product.md §2 /Make (hidden group): session — the list, capacity and status, and generating a range. */
export async function reservationSessionRoutes(root: FastifyInstance) {
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

  registerAction(root, {
    url: reservationSessionApi.generate,
    access: perm('admin:makeSession:update'),
    tag: 'reservations',
    summary:
      'Create the sessions of a date range, weekly pattern and time slots; existing ones (site, day, start) are skipped',
    body: SessionGenerateSchema,
    response: SessionGenerateResultSchema,
    // one row on the site: the range, pattern and slots asked for, and how many were created
    audit: { write: writeAudit, module: 'reservations', action: 'generate', targetType: 'reservationSite' },
    run: async (tx, { scenicId, adminId: _, ...body }) => {
      const [site] = await tx
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
      const rows = values.length
        ? await tx
            .insert(reservationSessions)
            .values(values)
            .onConflictDoNothing({
              target: [reservationSessions.siteId, reservationSessions.date, reservationSessions.startTime],
            })
            .returning({ id: reservationSessions.id })
        : [];
      return audited(
        { created: rows.length, skipped: values.length - rows.length },
        { targetId: site.id, after: { ...body, capacity, created: rows.length } },
      );
    },
  });
}
