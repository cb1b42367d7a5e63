import crypto from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { ValidationMessage } from '../../../shared/api/validation-messages.ts';
import {
  RESERVATION_STATUS as R,
  SESSION_STATUS,
  type ReservationStatusCode,
} from '../../../shared/dict/reservations.ts';
import type { BuyChannelCode } from '../../../shared/dict/product.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { AppError, FieldError } from '../../http/errors.ts';
import type { MsgKey } from '../../http/messages.ts';
import {
  addDays,
  areaDateTime,
  areaDay,
  areaDayStart,
  areaInstant,
  areaTimeZone,
} from '../../lib/area-clock.ts';
import { recordAudit, type AuditActor } from '../audit/index.ts';
import { queueBookingMessage } from './reservation-messages.ts';
import {
  reservationSessions,
  reservationSites,
  reservations,
  type Reservation,
  type ReservationSession,
  type ReservationSite,
} from './reservations.table.ts';

/**
 * The booking state machine (docs/product.md §4: 0 booked, 1 arrived, 2 cancelled, 3 expired) as
 * data: each move names the states it leaves, the state it reaches and whether it gives the place
 * back to the session. Anything not listed is forbidden; 1, 2 and 3 are terminal.
 */
export const RESERVATION_MOVES = {
  arrive: { from: [R.booked], to: R.arrived, frees: false, refused: 'reservationCannotArrive' },
  cancel: { from: [R.booked], to: R.cancelled, frees: true, refused: 'reservationCannotCancel' },
  expire: { from: [R.booked], to: R.expired, frees: true, refused: 'reservationCannotCancel' },
} as const satisfies Record<
  string,
  { from: readonly ReservationStatusCode[]; to: ReservationStatusCode; frees: boolean; refused: MsgKey }
>;
export type ReservationMove = keyof typeof RESERVATION_MOVES;

/** A booking code: 12 digits, the first not 0 (what a gate's keypad and a QR code both carry). */
function newCode(): string {
  return `${crypto.randomInt(1, 10)}${String(crypto.randomInt(0, 1e11)).padStart(11, '0')}`;
}

interface SessionContext {
  session: ReservationSession;
  site: ReservationSite;
  timeZone: string;
}

/** A session of the area with its site and the area's zone; 404 otherwise. `lock` takes the row. */
export async function sessionOf(db: Db, scenicId: number, sessionId: number): Promise<SessionContext> {
  const [found] = await db
    .select({ session: reservationSessions, site: reservationSites })
    .from(reservationSessions)
    .innerJoin(reservationSites, eq(reservationSites.id, reservationSessions.siteId))
    .where(and(eq(reservationSessions.id, sessionId), eq(reservationSessions.scenicId, scenicId)));
  if (!found) throw new AppError(404, 'reservationSessionNotFound');
  return { ...found, timeZone: await areaTimeZone(db, scenicId) };
}

/** When booking a session opens and closes (the site's window, on the area's clock). */
export function bookingWindow(ctx: SessionContext): { opens: Date; closes: Date; starts: Date } {
  const { session, site, timeZone } = ctx;
  const starts = areaInstant(session.date, session.startTime, timeZone);
  return {
    opens: areaDayStart(addDays(session.date, -site.daysAhead), timeZone),
    closes: new Date(starts.getTime() - site.closeMinutes * 60_000),
    starts,
  };
}

export interface BookInput {
  scenicId: number;
  sessionId: number;
  visitorName: string;
  phone: string;
  idNumber?: string | undefined;
  clientId: string;
  channel: BuyChannelCode;
  actor: AuditActor;
  now?: Date;
}

const isUniqueViolation = (error: unknown, constraint: string): boolean => {
  for (let e: unknown = error, depth = 0; e && depth < 3; e = (e as { cause?: unknown }).cause, depth++) {
    const pg = e as { code?: string; constraint?: string };
    if (pg.code === '23505' && pg.constraint === constraint) return true;
  }
  return false;
};

/**
 * Books one place of a session (call inside a transaction): the window, the site's real-name rule and
 * the visitor's other bookings checked, then the place taken by one guarded UPDATE
 * (`booked < capacity`, never oversold) and the booking inserted, whose partial unique index
 * refuses a second active booking of the same visitor even under a race.
 */
export async function bookSession(tx: Db, input: BookInput): Promise<Reservation> {
  const now = input.now ?? new Date();
  const ctx = await sessionOf(tx, input.scenicId, input.sessionId);
  const { session, site, timeZone } = ctx;
  // EnableStatus 1: enabled
  if (site.status !== 1) throw new AppError(409, 'reservationSiteDisabled');
  if (session.status !== SESSION_STATUS.open) throw new AppError(409, 'reservationSessionClosed');
  const { opens, closes } = bookingWindow(ctx);
  if (now < opens)
    throw new AppError(409, 'reservationNotYetOpen', { params: { opens: areaDateTime(opens, timeZone) } });
  if (now >= closes)
    throw new AppError(409, 'reservationWindowClosed', {
      params: { closes: areaDateTime(closes, timeZone) },
    });
  const idNumber = input.idNumber ?? '';
  if (site.realName && !idNumber) throw new FieldError('idNumber', ValidationMessage.required);
  const visitorKey = idNumber || input.phone;

  const [held] = await tx
    .select({ id: reservations.id })
    .from(reservations)
    .where(
      and(
        eq(reservations.sessionId, session.id),
        eq(reservations.visitorKey, visitorKey),
        inArray(reservations.status, [R.booked, R.arrived]),
      ),
    );
  if (held) throw new AppError(409, 'reservationVisitorBooked', { data: { field: 'idNumber' } });

  const [taken] = await tx
    .update(reservationSessions)
    .set({ booked: sql`${reservationSessions.booked} + 1` })
    .where(
      and(
        eq(reservationSessions.id, session.id),
        eq(reservationSessions.status, SESSION_STATUS.open),
        sql`${reservationSessions.booked} < ${reservationSessions.capacity}`,
      ),
    )
    .returning({ id: reservationSessions.id });
  if (!taken) throw new AppError(409, 'reservationSoldOut');

  let booking: Reservation | undefined;
  try {
    [booking] = await tx
      .insert(reservations)
      .values({
        scenicId: input.scenicId,
        siteId: site.id,
        sessionId: session.id,
        code: newCode(),
        visitorName: input.visitorName,
        phone: input.phone,
        idNumber,
        visitorKey,
        clientId: input.clientId,
        channel: input.channel,
        status: R.booked,
        bookedAt: now,
      })
      .returning();
  } catch (error) {
    if (isUniqueViolation(error, 'reservations_visitor_active_uq'))
      throw new AppError(409, 'reservationVisitorBooked', { data: { field: 'idNumber' } });
    throw error;
  }
  if (!booking) throw new Error('insert returned no row');
  await recordAudit(tx, input.actor, {
    module: 'reservations',
    action: 'create',
    targetType: 'reservation',
    targetId: booking.id,
    after: { ...booking, idNumber: undefined },
  });
  // the visitor is told (SMS template 8), in this transaction
  await queueBookingMessage(tx, booking);
  return booking;
}

/** A booking of the area by id or code, with its session; 404 otherwise. */
export async function bookingOf(
  db: Db,
  scenicId: number,
  by: { id: number } | { code: string },
): Promise<{ booking: Reservation; session: ReservationSession; site: ReservationSite }> {
  const [found] = await db
    .select({ booking: reservations, session: reservationSessions, site: reservationSites })
    .from(reservations)
    .innerJoin(reservationSessions, eq(reservationSessions.id, reservations.sessionId))
    .innerJoin(reservationSites, eq(reservationSites.id, reservations.siteId))
    .where(
      and(
        eq(reservations.scenicId, scenicId),
        'id' in by ? eq(reservations.id, by.id) : eq(reservations.code, by.code),
      ),
    );
  if (!found) throw new AppError(404, 'reservationNotFound');
  return found;
}

/**
 * Moves a booking along RESERVATION_MOVES (arrive: on the session's day; cancel: before the session
 * starts) with a compare-and-set on its state, giving the place back in the same transaction when the
 * move frees it. `clientId` limits a channel to its own bookings.
 */
export async function moveBooking(
  tx: Db,
  input: {
    scenicId: number;
    by: { id: number } | { code: string };
    move: 'arrive' | 'cancel';
    actor: AuditActor;
    clientId?: string;
    now?: Date;
  },
): Promise<Reservation> {
  const now = input.now ?? new Date();
  const move = RESERVATION_MOVES[input.move];
  const { booking, session } = await bookingOf(tx, input.scenicId, input.by);
  if (input.clientId !== undefined && booking.clientId !== input.clientId)
    throw new AppError(404, 'reservationNotFound');
  if (!(move.from as readonly number[]).includes(booking.status)) throw new AppError(409, move.refused);
  const timeZone = await areaTimeZone(tx, input.scenicId);
  if (input.move === 'arrive' && areaDay(now, timeZone) !== session.date)
    throw new AppError(409, 'reservationNotToday', { params: { date: session.date } });
  if (input.move === 'cancel') {
    const starts = areaInstant(session.date, session.startTime, timeZone);
    if (now >= starts)
      throw new AppError(409, 'reservationSessionStarted', {
        params: { start: areaDateTime(starts, timeZone) },
      });
  }
  const [moved] = await tx
    .update(reservations)
    .set(move.to === R.arrived ? { status: move.to, arrivedAt: now } : { status: move.to, closedAt: now })
    .where(and(eq(reservations.id, booking.id), inArray(reservations.status, [...move.from])))
    .returning();
  // another request moved it first
  if (!moved) throw new AppError(409, move.refused);
  if (move.frees)
    await tx
      .update(reservationSessions)
      .set({ booked: sql`${reservationSessions.booked} - 1` })
      .where(eq(reservationSessions.id, booking.sessionId));
  await recordAudit(tx, input.actor, {
    module: 'reservations',
    action: input.move,
    targetType: 'reservation',
    targetId: booking.id,
    before: { status: booking.status },
    after: { status: moved.status },
  });
  return moved;
}

/**
 * The expiry move for every booking still in state 0 whose session has ended on its area's clock
 * (`date + end_time` read in scenic_areas.time_zone): a compare-and-set on the state, the places
 * given back in the same statement. Returns how many expired.
 */
export async function expireBookings(tx: Db, now: Date): Promise<number> {
  const { from, to } = RESERVATION_MOVES.expire;
  const [row] = await queryRows<{ expired: number }>(
    tx,
    sql`with expired as (
      update reservations r set status = ${to}, closed_at = ${now.toISOString()}::timestamptz
      from reservation_sessions s join scenic_areas a on a.id = s.scenic_id
      where r.session_id = s.id and r.status in (${sql.join(
        from.map((c) => sql`${c}`),
        sql`, `,
      )})
        and ((s.date + s.end_time::time) at time zone a.time_zone) <= ${now.toISOString()}::timestamptz
      returning r.session_id
    ), freed as (
      update reservation_sessions s set booked = s.booked - c.n
      from (select session_id, count(*)::int as n from expired group by session_id) c
      where s.id = c.session_id
      returning s.id
    )
    select (select count(*)::int from expired) as expired, (select count(*)::int from freed) as sessions`,
  );
  return row?.expired ?? 0;
}

/** What the gate makes of a booking code (CheckinResult codes of src/shared/dict/checkin.ts). */
export type BookingGateResult = 'ok' | 'notToday' | 'used' | 'invalid' | 'expired' | 'wrongGate';

/**
 * A booking code read at a gate (call inside the transaction that writes the gate event): the
 * booking of the area moves 0 → 1 (arrive) when the gate admits it, on the session's day; an
 * offline or forced passage (`fact`) is admitted whatever the day. Null when no booking has the code.
 */
export async function admitBookingAtGate(
  tx: Db,
  input: { scenicId: number; code: string; at: Date; gateAdmits: boolean; fact: boolean; actor: AuditActor },
): Promise<{ result: BookingGateResult; visitorName: string } | null> {
  const [found] = await tx
    .select({ booking: reservations, session: reservationSessions })
    .from(reservations)
    .innerJoin(reservationSessions, eq(reservationSessions.id, reservations.sessionId))
    .where(and(eq(reservations.scenicId, input.scenicId), eq(reservations.code, input.code)));
  if (!found) return null;
  const { booking, session } = found;
  const answer = (result: BookingGateResult) => ({ result, visitorName: booking.visitorName });
  if (!input.gateAdmits) return answer('wrongGate');
  const refused: Partial<Record<number, BookingGateResult>> = {
    [R.arrived]: 'used',
    [R.cancelled]: 'invalid',
    [R.expired]: 'expired',
  };
  const refusal = refused[booking.status];
  if (refusal) return answer(refusal);
  const timeZone = await areaTimeZone(tx, input.scenicId);
  if (!input.fact && areaDay(input.at, timeZone) !== session.date) return answer('notToday');
  const move = RESERVATION_MOVES.arrive;
  const [moved] = await tx
    .update(reservations)
    .set({ status: move.to, arrivedAt: input.at })
    .where(and(eq(reservations.id, booking.id), inArray(reservations.status, [...move.from])))
    .returning({ id: reservations.id });
  // another gate admitted it first
  if (!moved) return answer('used');
  await recordAudit(tx, input.actor, {
    module: 'reservations',
    action: 'arrive',
    targetType: 'reservation',
    targetId: booking.id,
    before: { status: booking.status },
    after: { status: move.to },
  });
  return answer('ok');
}
