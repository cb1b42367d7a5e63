import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { CheckinAnswer } from '../../../shared/api/checkin.ts';
import { CARD_READ_MODE } from '../../../shared/api/staff-cards.ts';
import { ValidationMessage } from '../../../shared/api/validation-messages.ts';
import { ENABLED } from '../../../shared/dict/account.ts';
import type { CheckinReason, CheckinResultCode } from '../../../shared/dict/checkin.ts';
import type { TicketStatusCode } from '../../../shared/dict/order.ts';
import type { StaffCardRefusalCode } from '../../../shared/dict/staff-cards.ts';
import type { Db } from '../../db/client.ts';
import { AppError, FieldError } from '../../http/errors.ts';
import { gateEvents } from './checkin.table.ts';
import { gateCodeReaders, type GateCodeScan } from './gate-code-readers.ts';
import { DEFAULT_SETTINGS } from '../settings/index.ts';
import { admitBookingAtGate } from '../reservations/index.ts';
import { checkStaffCard, type StaffCardRead } from '../staff-cards/index.ts';
import { rowsOf } from '../../db/rows.ts';
import { areaTime, DEFAULT_TIME_ZONE } from '../../lib/area-clock.ts';
import { GATE_PASS } from '../../../shared/dict/gates.ts';
import {
  gateDirection,
  judge,
  stepStatements,
  type GateCtx,
  type Hours,
  type TicketCtx,
} from './checkin.rules.ts';
import {
  answerOf,
  gateEventOf,
  maskScanned,
  toDate,
  toDateOrNull,
  type GateEventRow,
  type Raw,
} from './gate-events.ts';

export { maskScanned };

/** What a gate sends: one read of a QR code, ID card, IC card or face (docs/product.md §9 CardReadMode). */
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
  /** docs/product.md §5 health code the device read with the passage */
  healthCode?: number | null | undefined;
}

/** What a gate admits (gate_admissions): ids by kind; an empty list admits all of that kind. */
interface GateLimits {
  passState: number;
  openFrom: string | null;
  openTo: string | null;
  product: Set<number>;
  card: Set<number>;
  booking: Set<number>;
}

const admits = (set: Set<number>, id: number | null | undefined) => !set.size || (id != null && set.has(id));

/** ParkEntryType of docs/product.md §9. */
const ENTRY_TYPE = { ticket: 1, passCard: 2, staffCard: 3 } as const;

function ticketOf(r: Raw): TicketCtx {
  const windows = typeof r.time_windows === 'string' ? JSON.parse(r.time_windows) : r.time_windows;
  return {
    id: Number(r.id),
    productId: Number(r.product_id),
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
        g.pass_state as gate_pass_state, g.open_from as gate_open_from, g.open_to as gate_open_to,
        (select coalesce(json_agg(json_build_object('kind', ga.kind, 'ref', ga.ref_id)), '[]'::json)
          from gate_admissions ga where ga.gate_id = g.id) as gate_admissions,
        st.open_time, st.close_time, a.time_zone, t.*
      from gates g
      join scenic_areas a on a.id = g.scenic_id
      left join scenic_settings st on st.scenic_id = g.scenic_id
      left join lateral (
        select t.id, t.product_id, t.order_id, t.status, t.entries_left, t.first_entry_at, t.valid_from,
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
  const raw = first.gate_admissions;
  const admitted = ((typeof raw === 'string' ? JSON.parse(raw) : raw) ?? []) as {
    kind: string;
    ref: number;
  }[];
  const of = (kind: string) => new Set(admitted.filter((a) => a.kind === kind).map((a) => Number(a.ref)));
  const limits: GateLimits = {
    passState: Number(first.gate_pass_state ?? 0),
    openFrom: (first.gate_open_from as string | null) ?? null,
    openTo: (first.gate_open_to as string | null) ?? null,
    product: of('product'),
    card: of('card'),
    booking: of('booking'),
  };
  return { gate, hours, tickets, limits };
}

/** The gate's own hours (HH:mm, area time) hold the scan time. */
function withinHours(limits: GateLimits, at: Date, timeZone: string): boolean {
  const now = areaTime(at, timeZone);
  return limits.openFrom! <= now && now < limits.openTo!;
}

/** The reservation site of a booking code (null when no booking has it). */
async function bookingSiteOf(db: Db, scenicId: number, code: string): Promise<number | null> {
  const [row] = rowsOf<{ site_id: number }>(
    await db.execute(sql`select site_id from reservations where scenic_id = ${scenicId} and code = ${code}`),
  );
  return row ? Number(row.site_id) : null;
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
 * One gate scan (docs/domain.md T9-T14, "Gate event log"): resolves the ticket or staff card, applies
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

/** What a reader of codes that are no ticket is handed (gate-code-readers.ts). */
function gateCodeScan(
  scan: GateScan,
  read: {
    value: string;
    gate: GateCtx;
    direction: GateCodeScan['direction'];
    fact: boolean;
    hours: Hours;
    limits: GateLimits;
  },
  admit: GateCodeScan['admit'],
  record: GateCodeScan['record'],
): GateCodeScan {
  const { hours, limits, ...rest } = read;
  return {
    scenicId: scan.scenicId,
    deviceId: scan.deviceId,
    readMode: scan.readMode,
    at: scan.scannedAt,
    ...rest,
    timeZone: hours.timeZone,
    admitsProduct: (productId) => admits(limits.product, productId),
    admit,
    record,
  };
}

async function scanOnce(db: Db, scan: GateScan): Promise<CheckinAnswer> {
  const value = scan.value.trim();
  const { gate, hours, tickets, limits } = await readScan(db, scan, value);
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
      /** a travel card's number (entry type 2, written by the cards module's reader) */
      cardNo?: string | undefined;
      visitorName?: string | undefined;
    },
    moves: SQL[] = [],
    conn: Db = db,
  ) => {
    const passed = fields.result === 'ok' || fact;
    const event = sql`${scan.scenicId}::int, ${gate.id}::int, ${scan.deviceId}::text, ${scan.nonce}::text,
      ${passed ? direction : 'denied'}::text, ${fields.entryType}::smallint, ${scan.readMode}::smallint,
      ${fields.ticket?.id ?? null}::bigint, ${fields.ticket?.orderId ?? null}::bigint,
      ${fields.staffCardId ?? null}::int, ${fields.cardNo ?? null}::varchar,
      ${maskScanned(scan.readMode, value)}::text, ${fields.result}::text,
      ${(fields.visitorName ?? fields.ticket?.visitorName ?? '').slice(0, 50)}::text,
      ${Boolean(scan.offline)}::boolean, ${Boolean(scan.forced)}::boolean, ${at.toISOString()}::timestamptz,
      ${scan.healthCode ?? null}::smallint`;
    const last = moves.at(-1);
    // the last move and the event in one statement: the event is written only if the ticket moved
    const insert = sql`${last ? sql`with moved as (${last}) ` : sql``}insert into gate_events (scenic_id,
        gate_id, device_id, nonce, direction, entry_type, read_mode, ticket_id, order_id, staff_card_id,
        card_no, scanned_value, result, visitor_name, offline, forced, scanned_at, health_code)
      select ${event}${last ? sql` from moved` : sql``}
      returning *`;
    const write = async (conn: Db) => {
      for (const move of moves.slice(0, -1))
        if (rowsOf(await conn.execute(move)).length !== 1) throw new LostRace();
      const [row] = rowsOf<Raw>(await conn.execute(insert));
      if (!row) throw new LostRace();
      return answerOf(gateEventOf(row), false);
    };
    return moves.length > 1 ? conn.transaction(write) : write(conn);
  };

  // an entry through a gate limited to some products: the others are not admitted (exits never refused)
  const judgeHere = async (ticket: TicketCtx) =>
    !fact && direction === 'entry' && gate.status === ENABLED && !admits(limits.product, ticket.productId)
      ? ({ reason: 'notAdmitted' } as const)
      : judge(db, ticket, gate, at, hours);

  // an in-service gate whose pass is off refuses every scan; outside its own hours, every entry
  // (offline and forced scans are passages that happened: recorded, never refused)
  const closed: CheckinReason | null =
    fact || gate.status !== ENABLED
      ? null
      : limits.passState === GATE_PASS.off
        ? 'gateClosed'
        : direction === 'entry' &&
            limits.openFrom &&
            limits.openTo &&
            !withinHours(limits, at, hours.timeZone)
          ? 'gateOutsideHours'
          : null;
  if (closed)
    return record({
      result: closed,
      entryType: tickets.length ? ENTRY_TYPE.ticket : null,
      ticket: tickets[0],
    });

  const byTicket = async (candidates: TicketCtx[]) => {
    // several real-name tickets of one ID number: the first this gate would accept, else the most
    // relevant refusal (a ticket valid at the scan time before one of another day)
    let ticket = candidates[0]!;
    let verdict = await judgeHere(ticket);
    for (const c of candidates.slice(1)) {
      if ('steps' in verdict) break;
      const v = await judgeHere(c);
      if ('steps' in v) [ticket, verdict] = [c, v];
    }
    if ('reason' in verdict && candidates.length > 1) {
      const valid = candidates.find(
        (c) => c.validFrom.getTime() <= at.getTime() && at.getTime() < c.validUntil.getTime(),
      );
      if (valid && valid !== ticket) [ticket, verdict] = [valid, await judgeHere(valid)];
    }
    if ('reason' in verdict) return record({ result: verdict.reason, entryType: ENTRY_TYPE.ticket, ticket });
    return record(
      { result: 'ok', entryType: ENTRY_TYPE.ticket, ticket },
      stepStatements(scan.scenicId, ticket, verdict.steps),
    );
  };

  if (tickets.length) return byTicket(tickets);

  // a reservation's booking code (issue 15): the booking marked arrived with the event, or refused
  if (scan.readMode === CARD_READ_MODE.qr && /^\d{12}$/.test(value)) {
    const booked = await db.transaction(async (tx) => {
      const verdict = await admitBookingAtGate(tx, {
        scenicId: scan.scenicId,
        code: value,
        at,
        gateAdmits:
          gate.status === ENABLED &&
          direction === 'entry' &&
          (fact || admits(limits.booking, await bookingSiteOf(tx, scan.scenicId, value))),
        fact,
        actor: { username: scan.deviceId, scenicId: scan.scenicId },
      });
      if (!verdict) return null;
      return record({ result: verdict.result, entryType: null, visitorName: verdict.visitorName }, [], tx);
    });
    if (booked) return booked;
  }

  // a code another module reads, e.g. a travel card (issue 32) or a third-party voucher (issue 19):
  // null when it is none of its
  const codeScan = gateCodeScan(
    scan,
    { value, gate, direction, fact, hours, limits },
    async (codes) =>
      byTicket((await Promise.all(codes.map((c) => readScan(db, scan, c)))).flatMap((r) => r.tickets)),
    (result, conn, subject) => record({ result, entryType: ENTRY_TYPE.ticket, ...subject }, [], conn),
  );
  for (const read of gateCodeReaders.items) {
    const answer = await read(db, codeScan);
    if (answer) return answer;
  }

  const mode = READ_OF[scan.readMode];
  if (!mode) return record({ result: 'unknown', entryType: null });
  if (gate.status !== ENABLED) return record({ result: 'wrongGate', entryType: null });
  const check = await checkStaffCard(db, scan.scenicId, { mode, value }, gate.id, at);
  const card = check.card;
  const base = {
    entryType: card ? ENTRY_TYPE.staffCard : null,
    ...(card ? { staffCardId: card.id, visitorName: card.holderName } : {}),
  };
  if (check.allowed && card && !fact && !admits(limits.card, card.id))
    return record({ result: 'notAdmitted', ...base });
  if (check.allowed) return record({ result: 'ok', ...base });
  return record({ result: STAFF_REASON[check.reason], ...base });
}
