import { sql, type SQL } from 'drizzle-orm';
import { ENABLED } from '../../../shared/dict/account.ts';
import type { CheckinReason } from '../../../shared/dict/checkin.ts';
import { TICKET_STATUS as S, type TicketStatusCode } from '../../../shared/dict/order.ts';
import { ENTRY_MODE, VALIDITY_TYPE } from '../../../shared/dict/product.ts';
import type { TicketTransitionId } from '../../../shared/domain/ticket-transitions.ts';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { areaDay, areaTime } from '../../lib/area-clock.ts';
import { moveTicketSql } from '../orders/index.ts';

/** The gate rules of docs/domain.md T9-T14: what a scan of a ticket at a gate may do, and the writes that do it. */

/** A ticket as the gate rules read it, with what they need of its product (and session). */
export interface TicketCtx {
  id: number;
  productId: number;
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

export interface GateCtx {
  id: number;
  gateType: number;
  status: number;
}

/** The area's opening hours and the zone its days and hours are read in ("One clock per area"). */
export interface Hours {
  openTime: string;
  closeTime: string;
  timeZone: string;
}

/** Gate types of docs/product.md §9 that change the rules (10 entry and 11 exit are the plain ones). */
const GATE_TYPE = { timerStart: 20, timerPause: 21 } as const;

/** Gate types 10 entry and 20 timer start let in; 11 exit and 21 timer pause let out. */
export function gateDirection(gateType: number): 'entry' | 'exit' {
  return gateType === 11 || gateType === 21 ? 'exit' : 'entry';
}
const isTimerGate = (gate: GateCtx) =>
  gate.gateType === GATE_TYPE.timerStart || gate.gateType === GATE_TYPE.timerPause;

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

/**
 * How much of a time-limited ticket's time is used at `at`: since the first entry, less the time
 * spent paused (an ongoing pause counts up to `at`).
 */
function timeUsedMs(ticket: TicketCtx, at: Date): number {
  const ongoing = ticket.timerPausedAt ? Math.max(0, at.getTime() - ticket.timerPausedAt.getTime()) : 0;
  return at.getTime() - (ticket.firstEntryAt?.getTime() ?? at.getTime()) - ticket.timerPausedMs - ongoing;
}

/** The status a withdrawn (204) ticket had before its refund request (docs/domain.md T19). */
async function statusBeforeWithdrawal(tx: Db, ticketId: number): Promise<number | null> {
  const [row] = rowsOf<{ status_before_refund: number }>(
    await tx.execute(sql`select status_before_refund from refund_requests
      where ticket_id = ${ticketId} and status = 4 order by id desc limit 1`),
  );
  return row ? Number(row.status_before_refund) : null;
}

/**
 * docs/domain.md T9-T14 for one ticket read at one gate at `at`: the refusal reason, or the steps that
 * let the visitor through. Pure apart from the 204 look-up; the caller holds the row lock.
 */
export async function judge(
  tx: Db,
  ticket: TicketCtx,
  gate: GateCtx,
  at: Date,
  hours: Hours,
): Promise<Verdict> {
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
export function stepStatements(scenicId: number, ticket: TicketCtx, steps: Step[]): SQL[] {
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
