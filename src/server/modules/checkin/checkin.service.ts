import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { CheckinAnswer, GateEvent } from '../../../shared/api/checkin.ts';
import { CARD_READ_MODE } from '../../../shared/api/staff-cards.ts';
import { ValidationMessage } from '../../../shared/api/validation-messages.ts';
import { ENABLED } from '../../../shared/dict/account.ts';
import { CheckinResult, type CheckinReason, type CheckinResultCode } from '../../../shared/dict/checkin.ts';
import {
  TICKET_STATUS as S,
  type GateDirectionCode,
  type TicketStatusCode,
} from '../../../shared/dict/order.ts';
import type { StaffCardRefusalCode } from '../../../shared/dict/staff-cards.ts';
import { ENTRY_MODE, VALIDITY_TYPE } from '../../../shared/dict/ticket.ts';
import type { TicketTransitionId } from '../../../shared/domain/ticket-transitions.ts';
import type { Db } from '../../db/client.ts';
import { AppError, FieldError } from '../../http/errors.ts';
import { gateEvents } from './checkin.table.ts';
import { moveTicketSql } from '../orders/index.ts';
import { DEFAULT_SETTINGS } from '../settings/index.ts';
import { checkStaffCard, type StaffCardRead } from '../staff-cards/index.ts';
import { rowsOf } from '../../db/rows.ts';
import { DEFAULT_TIME_ZONE, areaDay, areaTime } from '../../lib/area-clock.ts';

/** What a gate sends: one read of a QR code, ID card, IC card or face (spec §9 CardReadMode). */
export interface GateScan {
  scenicId: number;
  gateId: number;
  deviceId: string;
  nonce: string;
  readMode: number;
  value: string;
  scannedAt: Date;
  /** Uploaded later by an offline gate: a passage that happened (never denied afterwards) */
  offline?: boolean;
  /** Let through by staff at the gate: also a fact */
  forced?: boolean;
}

/** ParkEntryType of spec §9. */
const ENTRY_TYPE = { ticket: 1, passCard: 2, staffCard: 3 } as const;

/** Gate types 10 entry and 20 timer start let in; 11 exit and 21 timer pause let out. */
export function gateDirection(gateType: number): 'entry' | 'exit' {
  return gateType === 11 || gateType === 21 ? 'exit' : 'entry';
}
const isTimerGate = (gate: GateCtx) =>
  gate.gateType === GATE_TYPE.timerStart || gate.gateType === GATE_TYPE.timerPause;

/** What was read, masked for the log: an ID number shows only its ends, a secret only a hint. */
export function maskScanned(readMode: number, value: string): string {
  const v = value.trim();
  if (readMode === CARD_READ_MODE.face) return v.slice(0, 64);
  if (readMode === CARD_READ_MODE.idCard)
    return v.length > 7 ? `${v.slice(0, 3)}***********${v.slice(-4)}` : '****';
  if (readMode === CARD_READ_MODE.icCard) return v.length > 4 ? `****${v.slice(-4)}` : '****';
  return v.length > 8 ? `${v.slice(0, 4)}****${v.slice(-4)}` : '****';
}

/** A ticket as the gate rules read it, with what they need of its product (and session). */
interface TicketCtx {
  id: number;
  orderId: number;
  status: TicketStatusCode;
  entriesLeft: number;
  firstEntryAt: Date | null;
  validFrom: Date;
  validUntil: Date;
  visitorName: string;
  entryMode: number;
  validityType: number;
  timeLimitMinutes: number | null;
  timeWindows: { start: string; end: string }[];
  sessionStart: string | null;
  sessionEnd: string | null;
  timerPausedAt: Date | null;
  timerPausedMs: number;
}

interface GateCtx {
  id: number;
  gateType: number;
  status: number;
}

/** The area's opening hours and the zone its days and hours are read in ("One clock per area"). */
interface Hours {
  openTime: string;
  closeTime: string;
  timeZone: string;
}

type Raw = Record<string, unknown>;
const toDate = (v: unknown) => (v instanceof Date ? v : new Date(String(v)));
const toDateOrNull = (v: unknown) => (v == null ? null : toDate(v));

function ticketOf(r: Raw): TicketCtx {
  const windows = typeof r.time_windows === 'string' ? JSON.parse(r.time_windows) : r.time_windows;
  return {
    id: Number(r.id),
    orderId: Number(r.order_id),
    status: Number(r.status) as TicketStatusCode,
    entriesLeft: Number(r.entries_left),
    firstEntryAt: toDateOrNull(r.first_entry_at),
    validFrom: toDate(r.valid_from),
    validUntil: toDate(r.valid_until),
    visitorName: String(r.visitor_name ?? ''),
    entryMode: Number(r.entry_mode),
    validityType: Number(r.validity_type),
    timeLimitMinutes: r.time_limit_minutes == null ? null : Number(r.time_limit_minutes),
    timeWindows: (windows as { start: string; end: string }[] | null) ?? [],
    sessionStart: (r.start_time as string | null) ?? null,
    sessionEnd: (r.end_time as string | null) ?? null,
    timerPausedAt: toDateOrNull(r.timer_paused_at),
    timerPausedMs: Number(r.timer_paused_ms ?? 0),
  };
}

/**
 * Everything a scan needs, in one round trip: the gate, the area's opening hours and time zone, and
 * the tickets the read names (its code, or the visitor's ID number; newest validity first). Not
 * locked: the write that follows moves a ticket only from the status read here (compare-and-set).
 */
async function readScan(db: Db, scan: GateScan, value: string) {
  const match =
    scan.readMode === CARD_READ_MODE.qr
      ? sql`t.code = ${value}`
      : scan.readMode === CARD_READ_MODE.idCard
        ? sql`t.visitor_id_number = ${value.toUpperCase()}`
        : sql`false`;
  const rows = rowsOf<Raw>(
    await db.execute(sql`select g.id as gate_id, g.gate_type, g.status as gate_status,
        st.open_time, st.close_time, a.time_zone, t.*
      from gates g
      join scenic_areas a on a.id = g.scenic_id
      left join scenic_settings st on st.scenic_id = g.scenic_id
      left join lateral (
        select t.id, t.order_id, t.status, t.entries_left, t.first_entry_at, t.valid_from,
          t.valid_until, t.visitor_name, p.entry_mode, p.validity_type, p.time_limit_minutes,
          p.time_windows, s.start_time, s.end_time, t.timer_paused_at, t.timer_paused_ms
        from order_tickets t
        join ticket_products p on p.id = t.product_id
        left join product_sessions s on s.id = t.session_id
        where t.scenic_id = g.scenic_id and ${match}
        order by t.valid_from desc, t.id desc
        limit 20
      ) t on true
      where g.id = ${scan.gateId} and g.scenic_id = ${scan.scenicId}`),
  );
  const first = rows[0];
  if (!first) throw new FieldError('gateId', ValidationMessage.gateOfArea);
  const gate: GateCtx = {
    id: Number(first.gate_id),
    gateType: Number(first.gate_type),
    status: Number(first.gate_status),
  };
  const hours: Hours = {
    openTime: (first.open_time as string | null) ?? DEFAULT_SETTINGS.openTime,
    closeTime: (first.close_time as string | null) ?? DEFAULT_SETTINGS.closeTime,
    timeZone: (first.time_zone as string | null) ?? DEFAULT_TIME_ZONE,
  };
  const tickets = rows.filter((r) => r.id != null).map(ticketOf);
  return { gate, hours, tickets };
}

/** A planned change of the ticket: one or two transitions, or a use counted on a 401 ticket. */
type Step =
  | {
      kind: 'move';
      transition: TicketTransitionId;
      to: TicketStatusCode;
      extra?: ReturnType<typeof sql>;
      /** `extra` takes one of the ticket's entries */
      usesEntry?: boolean;
    }
  | { kind: 'countUse' };
type Verdict = { reason: CheckinReason } | { steps: Step[] };

const isoParam = (at: Date) => sql`${at.toISOString()}::timestamptz`;
const entryExtra = (at: Date) =>
  sql`entry_count = entry_count + 1, first_entry_at = coalesce(first_entry_at, ${isoParam(at)})`;
/** An entry that ends a timer pause: the paused time is added up and the clock runs again. */
const resumeExtra = (at: Date) =>
  sql`${entryExtra(at)}, timer_paused_ms = timer_paused_ms
    + greatest(0, (extract(epoch from ${isoParam(at)} - timer_paused_at) * 1000)::bigint), timer_paused_at = null`;

/** Gate types of spec §9 that change the rules (10 entry and 11 exit are the plain ones). */
const GATE_TYPE = { timerStart: 20, timerPause: 21 } as const;

/**
 * How much of a time-limited ticket's time is used at `at`: since the first entry, less the time
 * spent paused (an ongoing pause counts up to `at`).
 */
function timeUsedMs(ticket: TicketCtx, at: Date): number {
  const ongoing = ticket.timerPausedAt ? Math.max(0, at.getTime() - ticket.timerPausedAt.getTime()) : 0;
  return at.getTime() - (ticket.firstEntryAt?.getTime() ?? at.getTime()) - ticket.timerPausedMs - ongoing;
}

/** The status a withdrawn (204) ticket had before its refund request (domain.md T19). */
async function statusBeforeWithdrawal(tx: Db, ticketId: number): Promise<number | null> {
  const [row] = rowsOf<{ status_before_refund: number }>(
    await tx.execute(sql`select status_before_refund from refund_requests
      where ticket_id = ${ticketId} and status = 4 order by id desc limit 1`),
  );
  return row ? Number(row.status_before_refund) : null;
}

/**
 * domain.md T9-T14 for one ticket read at one gate at `at`: the refusal reason, or the steps that
 * let the visitor through. Pure apart from the 204 look-up; the caller holds the row lock.
 */
async function judge(tx: Db, ticket: TicketCtx, gate: GateCtx, at: Date, hours: Hours): Promise<Verdict> {
  if (gate.status !== ENABLED) return { reason: 'wrongGate' };
  // timer gates (20 start, 21 pause) serve time-limited tickets only
  if (isTimerGate(gate) && ticket.validityType !== VALIDITY_TYPE.timeLimited) return { reason: 'wrongGate' };
  const direction = gateDirection(gate.gateType);

  if (direction === 'exit') {
    // leaving is never refused for validity or hours: nobody is kept inside
    if (ticket.status === S.entered)
      return {
        steps: [
          {
            kind: 'move',
            transition: 'T11',
            to: S.left,
            // a timer-pause gate stops the clock of a time-limited ticket until the next entry
            ...(gate.gateType === GATE_TYPE.timerPause
              ? { extra: sql`timer_paused_at = ${isoParam(at)}` }
              : {}),
          },
        ],
      };
    if (ticket.status === S.inUse) return { steps: [] }; // multi-use: presence is read from the log
    if (ticket.status === S.used || ticket.status === S.settled) return { reason: 'used' };
    return { reason: 'notInside' };
  }

  let status: number = ticket.status;
  let viaWithdrawal = false;
  if (status === S.withdrawn) {
    const before = await statusBeforeWithdrawal(tx, ticket.id);
    if (before !== S.unused && before !== S.ticketed) return { reason: 'invalid' };
    status = before;
    viaWithdrawal = true;
  }
  switch (status) {
    case S.pendingPayment:
      return { reason: 'unpaid' };
    case S.userCancelled:
    case S.systemCancelled:
    case S.refunded:
    case S.invalid:
      return { reason: 'invalid' };
    case S.refundRequested:
    case S.refunding:
      return { reason: 'refundPending' };
    case S.expired:
      return { reason: 'expired' };
    case S.used:
    case S.settled:
      return { reason: 'used' };
  }
  if (at.getTime() >= ticket.validUntil.getTime()) return { reason: 'expired' };
  if (at.getTime() < ticket.validFrom.getTime())
    return {
      reason:
        areaDay(at, hours.timeZone) < areaDay(ticket.validFrom, hours.timeZone) ? 'notToday' : 'notYetValid',
    };
  if (
    ticket.validityType === VALIDITY_TYPE.timeLimited &&
    ticket.firstEntryAt &&
    ticket.timeLimitMinutes &&
    timeUsedMs(ticket, at) > ticket.timeLimitMinutes * 60_000
  )
    return { reason: 'expired' };
  const windows = ticket.timeWindows.length
    ? ticket.timeWindows
    : ticket.sessionStart && ticket.sessionEnd
      ? [{ start: ticket.sessionStart, end: ticket.sessionEnd }]
      : [{ start: hours.openTime, end: hours.closeTime }];
  const now = areaTime(at, hours.timeZone);
  if (!windows.some((w) => w.start <= now && now < w.end)) return { reason: 'outsideTimeWindow' };

  const fresh = status === S.unused || status === S.ticketed;
  if (ticket.entryMode === ENTRY_MODE.times) {
    if (fresh) {
      const steps: Step[] = [
        {
          kind: 'move',
          transition: viaWithdrawal ? 'T19' : 'T10',
          to: S.inUse,
          extra: sql`entries_left = entries_left - 1, ${entryExtra(at)}`,
          usesEntry: true,
        },
      ];
      if (ticket.entriesLeft <= 1) steps.push({ kind: 'move', transition: 'T14', to: S.used });
      return { steps };
    }
    if (status === S.inUse) {
      if (ticket.entriesLeft <= 0) return { reason: 'used' };
      const steps: Step[] = [{ kind: 'countUse' }];
      if (ticket.entriesLeft <= 1) steps.push({ kind: 'move', transition: 'T14', to: S.used });
      return { steps };
    }
    return { reason: status === S.entered ? 'alreadyInside' : 'used' };
  }
  if (fresh)
    return {
      steps: [
        { kind: 'move', transition: viaWithdrawal ? 'T19' : 'T9', to: S.entered, extra: entryExtra(at) },
      ],
    };
  if (status === S.entered) return { reason: 'alreadyInside' };
  // back in after an exit: products with re-entry, and a time-limited ticket paused at a timer gate
  // (resuming its clock)
  if (status === S.left && ticket.timerPausedAt)
    return { steps: [{ kind: 'move', transition: 'T12', to: S.entered, extra: resumeExtra(at) }] };
  if (status === S.left && ticket.entryMode === ENTRY_MODE.reentry)
    return { steps: [{ kind: 'move', transition: 'T12', to: S.entered, extra: entryExtra(at) }] };
  return { reason: 'used' };
}

/**
 * The steps as compare-and-set UPDATEs of the ticket, each from exactly the state the previous one
 * left (the first from what was read). Each returns the ticket's id, or no row when another gate
 * moved the ticket first.
 */
function stepStatements(scenicId: number, ticket: TicketCtx, steps: Step[]): SQL[] {
  let status: TicketStatusCode = ticket.status;
  let entriesLeft = ticket.entriesLeft;
  return steps.map((step) => {
    if (step.kind === 'countUse') {
      entriesLeft -= 1;
      return sql`update order_tickets set entries_left = entries_left - 1, entry_count = entry_count + 1,
          updated_at = now()
        where id = ${ticket.id} and scenic_id = ${scenicId} and status = ${S.inUse}
          and entries_left = ${entriesLeft + 1} and entries_left > 0
        returning id`;
    }
    const statement = moveTicketSql({
      scenicId,
      ticketId: ticket.id,
      transition: step.transition,
      from: status,
      to: step.to,
      entriesLeft,
      ...(step.extra ? { extra: step.extra } : {}),
    });
    status = step.to;
    if (step.usesEntry) entriesLeft -= 1;
    return statement;
  });
}

const STAFF_REASON: Record<StaffCardRefusalCode, CheckinReason> = {
  unknown: 'unknown',
  disabled: 'cardDisabled',
  notYetValid: 'cardNotYetValid',
  expired: 'cardExpired',
  gateNotAllowed: 'cardGateNotAllowed',
  modeNotAllowed: 'cardModeNotAllowed',
};

const READ_OF: Record<number, StaffCardRead['mode']> = {
  [CARD_READ_MODE.qr]: 'qr',
  [CARD_READ_MODE.idCard]: 'idCard',
  [CARD_READ_MODE.icCard]: 'icCard',
  [CARD_READ_MODE.face]: 'face',
};

type GateEventRow = typeof gateEvents.$inferSelect;

/** A gate_events row as returned by raw SQL (snake_case; node-postgres gives bigints as text). */
function gateEventOf(r: Raw): GateEventRow {
  const num = (v: unknown) => (v == null ? null : Number(v));
  return {
    id: Number(r.id),
    scenicId: Number(r.scenic_id),
    gateId: Number(r.gate_id),
    deviceId: String(r.device_id),
    nonce: String(r.nonce),
    direction: String(r.direction),
    entryType: num(r.entry_type),
    readMode: Number(r.read_mode),
    ticketId: num(r.ticket_id),
    orderId: num(r.order_id),
    staffCardId: num(r.staff_card_id),
    scannedValue: String(r.scanned_value),
    result: String(r.result),
    visitorName: String(r.visitor_name),
    offline: Boolean(r.offline),
    forced: Boolean(r.forced),
    scannedAt: toDate(r.scanned_at),
    uploadedAt: toDate(r.uploaded_at),
  };
}

function eventOf(row: GateEventRow): GateEvent {
  return {
    id: row.id,
    gateId: row.gateId,
    deviceId: row.deviceId,
    nonce: row.nonce,
    direction: row.direction as GateDirectionCode,
    entryType: row.entryType,
    readMode: row.readMode,
    ticketId: row.ticketId,
    orderId: row.orderId,
    staffCardId: row.staffCardId,
    scannedValue: row.scannedValue,
    result: row.result,
    visitorName: row.visitorName,
    offline: row.offline,
    forced: row.forced,
    scannedAt: row.scannedAt.toISOString(),
    uploadedAt: row.uploadedAt.toISOString(),
  };
}

/** The answer an event stands for (also the answer repeated for a retried nonce). */
function answerOf(row: GateEventRow, duplicate: boolean): CheckinAnswer {
  const result = (row.result in CheckinResult ? row.result : 'unknown') as CheckinResultCode;
  const { zh, en } = CheckinResult[result];
  return {
    allowed: row.direction !== 'denied',
    applied: result === 'ok',
    duplicate,
    ...(result === 'ok' ? {} : { reason: result }),
    message: { zh, en },
    event: eventOf(row),
  };
}

async function findEvent(db: Db, deviceId: string, nonce: string) {
  const [row] = await db
    .select()
    .from(gateEvents)
    .where(and(eq(gateEvents.deviceId, deviceId), eq(gateEvents.nonce, nonce)));
  return row;
}

function repeated(row: GateEventRow, scenicId: number): CheckinAnswer {
  if (row.scenicId !== scenicId) throw new AppError(409, 'gateNonceTaken');
  return answerOf(row, true);
}

const isNonceViolation = (error: unknown) => {
  for (let e: unknown = error, i = 0; e && i < 3; e = (e as { cause?: unknown }).cause, i++) {
    const pg = e as { code?: string; constraint?: string; message?: string };
    if (
      pg.code === '23505' &&
      (pg.constraint === 'gate_events_nonce_uq' || /gate_events_nonce_uq/.test(pg.message ?? ''))
    )
      return true;
  }
  return false;
};

/** Another gate moved the ticket between this scan's read and its write: read again. */
class LostRace extends Error {}
const MAX_ATTEMPTS = 5;

/**
 * One gate scan (domain.md T9-T14, "Gate event log"): resolves the ticket or staff card, applies
 * the gate rules, moves the ticket by compare-and-set and writes the gate event. The common scan
 * is two statements: one read, and one write that moves the ticket and records the event together
 * (or nothing, when another gate moved the ticket first; then the scan is judged again on a fresh
 * read, and sees what that gate did). Idempotent on (deviceId, nonce): a retried scan answers what
 * the first one did, with no second event or transition. Offline and forced scans are facts: the
 * passage is recorded in its direction even when the ticket can no longer move.
 */
export async function checkIn(db: Db, scan: GateScan): Promise<CheckinAnswer> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await scanOnce(db, scan);
    } catch (error) {
      if (error instanceof LostRace && attempt < MAX_ATTEMPTS) continue;
      if (error instanceof LostRace) throw new AppError(409, 'transitionNotAllowed');
      if (!isNonceViolation(error)) throw error;
      // A retried scan, or the same nonce raced in on another connection: the first answer stands.
      // (Not looked up first: retries are rare, and the unique (device, nonce) refuses the write.)
      const first = await findEvent(db, scan.deviceId, scan.nonce);
      if (!first) throw error;
      return repeated(first, scan.scenicId);
    }
  }
}

async function scanOnce(db: Db, scan: GateScan): Promise<CheckinAnswer> {
  const value = scan.value.trim();
  const { gate, hours, tickets } = await readScan(db, scan, value);
  const fact = Boolean(scan.offline || scan.forced);
  const direction = gateDirection(gate.gateType);
  const at = scan.scannedAt;

  /** Writes the event, after the steps (all in one transaction when there are several). */
  const record = async (
    fields: {
      result: CheckinResultCode;
      entryType: number | null;
      ticket?: TicketCtx;
      staffCardId?: number;
      visitorName?: string;
    },
    moves: SQL[] = [],
  ) => {
    const passed = fields.result === 'ok' || fact;
    const event = sql`${scan.scenicId}::int, ${gate.id}::int, ${scan.deviceId}::text, ${scan.nonce}::text,
      ${passed ? direction : 'denied'}::text, ${fields.entryType}::smallint, ${scan.readMode}::smallint,
      ${fields.ticket?.id ?? null}::bigint, ${fields.ticket?.orderId ?? null}::bigint,
      ${fields.staffCardId ?? null}::int, ${maskScanned(scan.readMode, value)}::text, ${fields.result}::text,
      ${(fields.visitorName ?? fields.ticket?.visitorName ?? '').slice(0, 50)}::text,
      ${Boolean(scan.offline)}::boolean, ${Boolean(scan.forced)}::boolean, ${at.toISOString()}::timestamptz`;
    const last = moves.at(-1);
    // the last move and the event in one statement: the event is written only if the ticket moved
    const insert = sql`${last ? sql`with moved as (${last}) ` : sql``}insert into gate_events (scenic_id,
        gate_id, device_id, nonce, direction, entry_type, read_mode, ticket_id, order_id, staff_card_id,
        scanned_value, result, visitor_name, offline, forced, scanned_at)
      select ${event}${last ? sql` from moved` : sql``}
      returning *`;
    const write = async (conn: Db) => {
      for (const move of moves.slice(0, -1))
        if (rowsOf(await conn.execute(move)).length !== 1) throw new LostRace();
      const [row] = rowsOf<Raw>(await conn.execute(insert));
      if (!row) throw new LostRace();
      return answerOf(gateEventOf(row), false);
    };
    return moves.length > 1 ? db.transaction(write) : write(db);
  };

  const byTicket = async (candidates: TicketCtx[]) => {
    // several real-name tickets of one ID number: the first this gate would accept, else the most
    // relevant refusal (a ticket valid at the scan time before one of another day)
    let ticket = candidates[0]!;
    let verdict = await judge(db, ticket, gate, at, hours);
    for (const c of candidates.slice(1)) {
      if ('steps' in verdict) break;
      const v = await judge(db, c, gate, at, hours);
      if ('steps' in v) [ticket, verdict] = [c, v];
    }
    if ('reason' in verdict && candidates.length > 1) {
      const valid = candidates.find(
        (c) => c.validFrom.getTime() <= at.getTime() && at.getTime() < c.validUntil.getTime(),
      );
      if (valid && valid !== ticket) [ticket, verdict] = [valid, await judge(db, valid, gate, at, hours)];
    }
    if ('reason' in verdict) return record({ result: verdict.reason, entryType: ENTRY_TYPE.ticket, ticket });
    return record(
      { result: 'ok', entryType: ENTRY_TYPE.ticket, ticket },
      stepStatements(scan.scenicId, ticket, verdict.steps),
    );
  };

  if (tickets.length) return byTicket(tickets);

  const mode = READ_OF[scan.readMode];
  if (!mode) return record({ result: 'unknown', entryType: null });
  if (gate.status !== ENABLED) return record({ result: 'wrongGate', entryType: null });
  const check = await checkStaffCard(db, scan.scenicId, { mode, value }, gate.id, at);
  const card = check.card;
  const base = {
    entryType: card ? ENTRY_TYPE.staffCard : null,
    ...(card ? { staffCardId: card.id, visitorName: card.holderName } : {}),
  };
  if (check.allowed) return record({ result: 'ok', ...base });
  return record({ result: STAFF_REASON[check.reason], ...base });
}
