import { and, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  BookingIdSchema,
  BookingPageSchema,
  BookingRowSchema,
  maskIdNumber,
  maskPhone,
  reservationApi,
  type BookingPage,
  type BookingRow,
} from '../../../shared/api/reservations.ts';
import { dictLabel } from '../../../shared/dict/dict.ts';
import { ReservationField, ReservationStatus, ReservationText } from '../../../shared/dict/reservations.ts';
import { BuyChannel } from '../../../shared/dict/product.ts';
import type { Db } from '../../db/client.ts';
import { perm } from '../../http/access.ts';
import { auditedInRun, registerAction } from '../../http/action.ts';
import type { ExportColumn } from '../../http/export.ts';
import { registerListResource } from '../../http/list-resource.ts';
import { actorOfRequest, writeAudit } from '../audit/index.ts';
import { siteNames } from './reservations-http.ts';
import { moveBooking } from './reservations.service.ts';
import { reservationSessions, reservations, type Reservation } from './reservations.table.ts';

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

/** docs/product.md §2 /Make (hidden group): message — the bookings, and marking one arrived or cancelled. */
export async function reservationBookingRoutes(root: FastifyInstance) {
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

  /**
   * Marking a booking arrived or cancelled: moveBooking moves it by compare-and-set and writes its
   * audit row itself (its actor, in the action's transaction; the channels' selling API shares it),
   * so the run answers without one (`auditedInRun(answer)`).
   */
  const moveRoute = (move: 'arrive' | 'cancel', summary: string) =>
    registerAction(root, {
      url: reservationApi[move],
      access: perm('admin:makeMessage:update'),
      tag: 'reservations',
      summary,
      body: BookingIdSchema,
      response: BookingRowSchema,
      audit: { write: writeAudit, module: 'reservations', action: move, targetType: 'reservation' },
      run: async (tx, { scenicId, id }, req) => {
        const moved = await moveBooking(tx, { scenicId, by: { id }, move, actor: actorOfRequest(req) });
        const [row] = await bookingRows(tx, [moved]);
        return auditedInRun(row!);
      },
    });
  moveRoute('arrive', 'Mark a booking arrived (0 → 1): only a booked one, on its session day');
  moveRoute('cancel', 'Cancel a booking (0 → 2) before its session starts; the place is given back');
}
