import { sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { REFUND_APPLY, TICKET_STATUS as S, type TicketStatusCode } from '../../../shared/dict/order.ts';
import { PRODUCT_TYPE, REFUND_RULE, REFUND_UNIT } from '../../../shared/dict/ticket.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { AuditTargetCode } from '../../../shared/dict/audit.ts';
import { actorOfRequest, recordAudit } from '../audit/index.ts';
import { releaseStock } from '../inventory/index.ts';
import { transitionTickets } from '../orders/index.ts';
import { releaseSeats } from '../theatres/index.ts';
import { queryRows } from '../../db/rows.ts';
import { DEFAULT_TIME_ZONE, areaDateTime, areaDay, areaDayStart } from '../../lib/area-clock.ts';

/** At most this many refund requests per ticket, withdrawn and rejected ones included (T15/T19 cap). */
export const REFUND_REQUEST_CAP = 3;
/** payments.provider of money taken outside any online provider: cash, POS, on account, balances. */
export const OFFLINE_PROVIDER = 'offline';
/** Refund statuses that mean the money went back (domain.md "Refund"). */
const SETTLED_REFUND = ['done', 'external'] as const;

const ids = (values: readonly number[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

export interface RefundRule {
  refundRule: number;
  refundDeadlineHours: number;
  refundFeeUnit: number;
  refundFeeValue: number;
}

/**
 * The fee kept on a refund, in cents (rule 2 of spec §9 refund rules): unit yuan → the fee value
 * (cents), at most the price; unit percent → price × pct / 100 rounded half up. Rule 3 (anytime):
 * no fee. Rule 1 (non-refundable): 409.
 */
export function refundFee(price: number, rule: RefundRule): number {
  if (rule.refundRule === REFUND_RULE.none) throw new AppError(409, 'refundNotAllowed');
  if (rule.refundRule !== REFUND_RULE.conditional) return 0;
  if (rule.refundFeeUnit === REFUND_UNIT.percent)
    return Math.min(price, Math.floor((price * rule.refundFeeValue + 50) / 100));
  return Math.min(price, rule.refundFeeValue);
}

/**
 * The last moment a customer may ask for a refund under rule 2: `refundDeadlineHours` before the
 * start (00:00 on the area's clock, like show times) of the ticket's visit date. A request at that
 * very instant is still in time.
 */
export function refundDeadline(visitDate: string, hours: number, timeZone: string): Date {
  return new Date(areaDayStart(visitDate, timeZone).getTime() - hours * 3_600_000);
}

interface TicketWithRule extends RefundRule {
  id: number;
  orderId: number;
  scenicId: number;
  productId: number;
  productType: number;
  sessionId: number | null;
  periodId: number | null;
  showId: number | null;
  seatRow: number | null;
  seatCol: number | null;
  visitDate: string;
  price: number;
  status: TicketStatusCode;
  entryCount: number;
  gateEvents: number;
  /** the area's clock (scenic_areas.time_zone) */
  timeZone: string;
}

/** The tickets with their product's refund rule, locked FOR UPDATE in id order (no deadlock). */
async function lockTickets(
  tx: Db,
  scenicId: number,
  ticketIds: readonly number[],
): Promise<TicketWithRule[]> {
  const wanted = [...new Set(ticketIds)].sort((a, b) => a - b);
  if (!wanted.length) throw new AppError(404, 'recordNotFound');
  const found = await queryRows<Record<string, unknown>>(
    tx,
    sql`select t.id, t.order_id, t.scenic_id, t.product_id, t.product_type, t.session_id, t.period_id,
          t.show_id, t.seat_row, t.seat_col, t.visit_date::text as visit_date, t.price, t.status,
          t.entry_count, p.refund_rule, p.refund_deadline_hours, p.refund_fee_unit, p.refund_fee_value,
          (select count(*) from gate_events g where g.ticket_id = t.id and g.direction <> 'denied')::int as gate_events,
          a.time_zone
        from order_tickets t join ticket_products p on p.id = t.product_id
          join scenic_areas a on a.id = t.scenic_id
        where t.scenic_id = ${scenicId} and t.id in (${ids(wanted)})
        order by t.id
        for update of t`,
  );
  if (found.length !== wanted.length) throw new AppError(404, 'recordNotFound');
  return found.map((r) => ({
    id: Number(r.id),
    orderId: Number(r.order_id),
    scenicId: Number(r.scenic_id),
    productId: Number(r.product_id),
    productType: Number(r.product_type),
    sessionId: r.session_id == null ? null : Number(r.session_id),
    periodId: r.period_id == null ? null : Number(r.period_id),
    showId: r.show_id == null ? null : Number(r.show_id),
    seatRow: r.seat_row == null ? null : Number(r.seat_row),
    seatCol: r.seat_col == null ? null : Number(r.seat_col),
    visitDate: String(r.visit_date),
    price: Number(r.price),
    status: Number(r.status) as TicketStatusCode,
    entryCount: Number(r.entry_count),
    gateEvents: Number(r.gate_events),
    refundRule: Number(r.refund_rule),
    refundDeadlineHours: Number(r.refund_deadline_hours),
    refundFeeUnit: Number(r.refund_fee_unit),
    refundFeeValue: Number(r.refund_fee_value),
    timeZone: String(r.time_zone ?? DEFAULT_TIME_ZONE),
  }));
}

/** Who does something, for the audit row: the request's account or client, else the service input. */
interface Actor {
  scenicId: number;
  adminId?: number | null | undefined;
  name?: string | undefined;
}

/** A refund's audit row: module orders (refunds belong to the order), written by audit.service.ts. */
function audit(
  tx: Db,
  req: FastifyRequest | undefined,
  actor: Actor,
  entry: {
    action: string;
    targetType: AuditTargetCode;
    targetId: number | string;
    before?: unknown;
    after?: unknown;
  },
): Promise<void> {
  const fromRequest = req ? actorOfRequest(req) : undefined;
  return recordAudit(
    tx,
    {
      ...fromRequest,
      scenicId: actor.scenicId,
      adminId: actor.adminId ?? fromRequest?.adminId ?? null,
      username: (req?.auth || req?.client ? fromRequest?.username : undefined) ?? actor.name ?? '',
    },
    { module: 'orders', ...entry },
  );
}

export interface RefundRequestRecord {
  id: number;
  ticketId: number;
  orderId: number;
  status: number;
  statusBeforeRefund: number;
  ticketAmount: number;
  fee: number;
  refundAmount: number;
  requestedBy: string;
  requestedByAdminId: number | null;
}

const REQUEST_COLUMNS = sql`id, ticket_id, order_id, status, status_before_refund, ticket_amount, fee,
  refund_amount, requested_by, requested_by_admin_id`;

function requestOf(r: Record<string, unknown>): RefundRequestRecord {
  return {
    id: Number(r.id),
    ticketId: Number(r.ticket_id),
    orderId: Number(r.order_id),
    status: Number(r.status),
    statusBeforeRefund: Number(r.status_before_refund),
    ticketAmount: Number(r.ticket_amount),
    fee: Number(r.fee),
    refundAmount: Number(r.refund_amount),
    requestedBy: String(r.requested_by),
    requestedByAdminId: r.requested_by_admin_id == null ? null : Number(r.requested_by_admin_id),
  };
}

/**
 * T15 (201/301 → 202) and T19 (204 → 202): a refund request per ticket, all or none. Guards, each a
 * 409: the product is refundable (rule 1 is not), rule 2's deadline has not passed, the ticket never
 * passed a gate, no open request, fewer than REFUND_REQUEST_CAP requests so far. The fee is computed
 * and frozen now. T16 (501 → 202) needs a product policy "refundable after expiry" that the product
 * model does not have, so an expired ticket is refused (409 refundExpired).
 */
export async function requestRefund(
  db: Db,
  input: {
    scenicId: number;
    ticketIds: readonly number[];
    reason: string;
    /** A client id or a staff username */
    requestedBy: string;
    adminId?: number | null;
    now?: Date;
  },
  req?: FastifyRequest,
): Promise<RefundRequestRecord[]> {
  const now = input.now ?? new Date();
  return db.transaction(async (tx) => {
    const tickets = await lockTickets(tx, input.scenicId, input.ticketIds);
    const plans: { ticket: TicketWithRule; before: number; fee: number }[] = [];
    for (const ticket of tickets) {
      if (ticket.status === S.expired) throw new AppError(409, 'refundExpired');
      let before: number = ticket.status;
      if (ticket.status === S.withdrawn) {
        // T19: the ticket behaves as it did before the withdrawn request
        const [last] = await queryRows<{ status_before_refund: number }>(
          tx,
          sql`select status_before_refund from refund_requests where ticket_id = ${ticket.id}
              order by id desc limit 1`,
        );
        before = Number(last?.status_before_refund ?? S.unused);
        if (before === S.expired) throw new AppError(409, 'refundExpired');
      } else if (ticket.status !== S.unused && ticket.status !== S.ticketed) {
        throw new AppError(409, 'transitionNotAllowed');
      }
      const fee = refundFee(ticket.price, ticket);
      if (ticket.refundRule === REFUND_RULE.conditional) {
        const deadline = refundDeadline(ticket.visitDate, ticket.refundDeadlineHours, ticket.timeZone);
        if (now.getTime() > deadline.getTime())
          throw new AppError(409, 'refundDeadlinePassed', {
            params: { deadline: areaDateTime(deadline, ticket.timeZone) },
          });
      }
      if (ticket.gateEvents > 0 || ticket.entryCount > 0) throw new AppError(409, 'refundAfterEntry');
      const [counts] = await queryRows<{ total: number; open: number }>(
        tx,
        sql`select count(*)::int as total, count(*) filter (where status = ${REFUND_APPLY.pending})::int as open
            from refund_requests where ticket_id = ${ticket.id}`,
      );
      if (Number(counts?.open ?? 0) > 0) throw new AppError(409, 'refundRequestOpen');
      if (Number(counts?.total ?? 0) >= REFUND_REQUEST_CAP)
        throw new AppError(409, 'refundRequestCap', { params: { cap: REFUND_REQUEST_CAP } });
      plans.push({ ticket, before, fee });
    }
    const fresh = plans.filter((p) => p.ticket.status !== S.withdrawn).map((p) => p.ticket.id);
    const again = plans.filter((p) => p.ticket.status === S.withdrawn).map((p) => p.ticket.id);
    if (fresh.length)
      await transitionTickets(tx, {
        scenicId: input.scenicId,
        ticketIds: fresh,
        transition: 'T15',
        to: S.refundRequested,
      });
    if (again.length)
      await transitionTickets(tx, {
        scenicId: input.scenicId,
        ticketIds: again,
        transition: 'T19',
        to: S.refundRequested,
      });
    const created: RefundRequestRecord[] = [];
    for (const { ticket, before, fee } of plans) {
      const [row] = await queryRows<Record<string, unknown>>(
        tx,
        sql`insert into refund_requests (scenic_id, order_id, ticket_id, status, status_before_refund,
              ticket_amount, fee, refund_amount, reason, requested_by, requested_by_admin_id)
            values (${input.scenicId}, ${ticket.orderId}, ${ticket.id}, ${REFUND_APPLY.pending}, ${before},
              ${ticket.price}, ${fee}, ${ticket.price - fee}, ${input.reason.slice(0, 200)}, ${input.requestedBy},
              ${input.adminId ?? null})
            returning ${REQUEST_COLUMNS}`,
      );
      const request = requestOf(row!);
      created.push(request);
      await audit(
        tx,
        req,
        { scenicId: input.scenicId, adminId: input.adminId, name: input.requestedBy },
        { action: 'refundRequest', targetType: 'refundRequest', targetId: request.id, after: request },
      );
    }
    return created;
  });
}

/** Closes an open request by compare-and-set on its status: 404 when it is not the area's, 409 when closed. */
async function closeRequest(
  tx: Db,
  scenicId: number,
  requestId: number,
  status: number,
  set: SQL,
  where: SQL = sql``,
): Promise<RefundRequestRecord> {
  const [row] = await queryRows<Record<string, unknown>>(
    tx,
    sql`update refund_requests set status = ${status}${set}
        where id = ${requestId} and scenic_id = ${scenicId} and status = ${REFUND_APPLY.pending}${where}
        returning ${REQUEST_COLUMNS}`,
  );
  if (row) return requestOf(row);
  const [exists] = await queryRows<{ id: number }>(
    tx,
    sql`select id from refund_requests where id = ${requestId} and scenic_id = ${scenicId}${where}`,
  );
  if (!exists) throw new AppError(404, 'recordNotFound');
  throw new AppError(409, 'refundRequestClosed');
}

/** T18 (202 → 204): the customer withdraws an open request; the request becomes 4 (withdrawn). */
export async function withdrawRefundRequest(
  db: Db,
  input: {
    scenicId: number;
    requestId: number;
    /** only requests of this client's orders */ clientId?: string;
  },
  req?: FastifyRequest,
): Promise<RefundRequestRecord> {
  return db.transaction(async (tx) => {
    const own = input.clientId
      ? sql` and order_id in (select id from ticket_orders where client_id = ${input.clientId})`
      : sql``;
    const request = await closeRequest(
      tx,
      input.scenicId,
      input.requestId,
      REFUND_APPLY.withdrawn,
      sql``,
      own,
    );
    await transitionTickets(tx, {
      scenicId: input.scenicId,
      ticketIds: [request.ticketId],
      transition: 'T18',
      to: S.withdrawn,
    });
    await audit(
      tx,
      req,
      { scenicId: input.scenicId, name: input.clientId },
      {
        action: 'refundWithdraw',
        targetType: 'refundRequest',
        targetId: request.id,
        before: { status: REFUND_APPLY.pending },
        after: { status: request.status },
      },
    );
    return request;
  });
}

/**
 * A reviewer rejects an open request (request 3): the ticket goes straight back to the status it
 * had before the request (domain.md decision; the T18 "reject" rows of the transition table).
 */
export async function rejectRefundRequest(
  db: Db,
  input: { scenicId: number; requestId: number; adminId: number; reason: string },
  req?: FastifyRequest,
): Promise<RefundRequestRecord> {
  return db.transaction(async (tx) => {
    const request = await closeRequest(
      tx,
      input.scenicId,
      input.requestId,
      REFUND_APPLY.rejected,
      sql`, reviewed_by_admin_id = ${input.adminId}, reviewed_at = now(), reject_reason = ${input.reason.slice(0, 200)}`,
    );
    await transitionTickets(tx, {
      scenicId: input.scenicId,
      ticketIds: [request.ticketId],
      transition: 'T18',
      to: request.statusBeforeRefund as TicketStatusCode,
    });
    await audit(
      tx,
      req,
      { scenicId: input.scenicId, adminId: input.adminId },
      {
        action: 'refundReject',
        targetType: 'refundRequest',
        targetId: request.id,
        before: { status: REFUND_APPLY.pending },
        after: { status: request.status, reason: input.reason },
      },
    );
    return request;
  });
}

export interface RefundRow {
  id: number;
  paymentId: number;
  amount: number;
  status: string;
  ticketIds: number[];
}

/** Gives the ticket's stock or seat back when its visit day has not ended (T17/T20 effect). */
async function releaseInventory(tx: Db, ticket: TicketWithRule, now: Date): Promise<void> {
  if (ticket.visitDate < areaDay(now, ticket.timeZone)) return;
  if (ticket.showId != null && ticket.seatRow != null && ticket.seatCol != null) {
    const [seat] = await queryRows<{ hold_ref: string | null }>(
      tx,
      sql`select hold_ref from show_seats
          where show_id = ${ticket.showId} and row = ${ticket.seatRow} and col = ${ticket.seatCol}`,
    );
    if (seat?.hold_ref)
      await releaseSeats(tx, {
        showId: ticket.showId,
        holdRef: seat.hold_ref,
        seats: [{ row: ticket.seatRow, col: ticket.seatCol }],
        sold: true,
      });
    return;
  }
  if (ticket.productType !== PRODUCT_TYPE.regular && ticket.productType !== PRODUCT_TYPE.timed) return;
  await releaseStock(tx, {
    scenicId: ticket.scenicId,
    productId: ticket.productId,
    date: ticket.visitDate,
    sessionId: ticket.sessionId,
    periodId: ticket.periodId,
    quantity: 1,
  });
}

/**
 * Money back for some tickets of one order: refund rows split over the order's confirmed payments,
 * the largest remaining first, each guarded by `refunded_amount + x <= amount`. Offline payments are
 * refunded outside the system at once ('external'); online ones wait for the provider ('created').
 */
async function createRefunds(
  tx: Db,
  input: {
    scenicId: number;
    orderId: number;
    ticketIds: number[];
    amount: number;
    requestId: number | null;
    reason: string;
    adminId: number;
  },
): Promise<RefundRow[]> {
  if (input.amount <= 0) return [];
  const [order] = await queryRows<{ id: number }>(
    tx,
    sql`update ticket_orders set refunded_amount = refunded_amount + ${input.amount}, updated_at = now()
        where id = ${input.orderId} and scenic_id = ${input.scenicId}
          and refunded_amount + ${input.amount} <= paid_amount
        returning id`,
  );
  if (!order) throw new AppError(409, 'refundExceedsPaid');
  const payments = await queryRows<{ id: number; provider: string; remaining: number }>(
    tx,
    sql`select id, provider, amount - refunded_amount as remaining from payments
        where order_id = ${input.orderId} and status = 'confirmed' and refunded_amount < amount
        order by amount - refunded_amount desc, id
        for update`,
  );
  let left = input.amount;
  const created: RefundRow[] = [];
  for (const payment of payments) {
    if (left <= 0) break;
    const take = Math.min(left, Number(payment.remaining));
    const [guarded] = await queryRows<{ id: number }>(
      tx,
      sql`update payments set refunded_amount = refunded_amount + ${take}, updated_at = now()
          where id = ${payment.id} and refunded_amount + ${take} <= amount returning id`,
    );
    if (!guarded) throw new AppError(409, 'refundExceedsPaid');
    const status = payment.provider === OFFLINE_PROVIDER ? 'external' : 'created';
    const [refund] = await queryRows<Record<string, unknown>>(
      tx,
      sql`insert into refunds (scenic_id, order_id, payment_id, refund_request_id, ticket_ids, amount, status,
            reason, admin_id, done_at)
          values (${input.scenicId}, ${input.orderId}, ${payment.id}, ${input.requestId},
            ${`{${input.ticketIds.join(',')}}`}::bigint[], ${take}, ${status}, ${input.reason.slice(0, 200)},
            ${input.adminId}, ${status === 'external' ? sql`now()` : null})
          returning id, payment_id, amount, status, ticket_ids`,
    );
    created.push({
      id: Number(refund!.id),
      paymentId: Number(refund!.payment_id),
      amount: Number(refund!.amount),
      status: String(refund!.status),
      ticketIds: input.ticketIds,
    });
    left -= take;
  }
  if (left > 0) throw new AppError(409, 'refundExceedsPaid');
  return created;
}

/**
 * T21 for the tickets (in 205) whose refunds are all done, in the caller's transaction; a payment
 * refunded in full with nothing pending becomes 'refunded'. Returns the tickets moved.
 */
async function finishRefunds(tx: Db, scenicId: number, ticketIds: readonly number[]): Promise<number[]> {
  if (!ticketIds.length) return [];
  const ready = await queryRows<{ id: number }>(
    tx,
    sql`select t.id from order_tickets t
        where t.scenic_id = ${scenicId} and t.id in (${ids(ticketIds)}) and t.status = ${S.refunding}
          and not exists (select 1 from refunds r where t.id = any(r.ticket_ids)
                            and r.status not in (${sql.join(
                              SETTLED_REFUND.map((s) => sql`${s}`),
                              sql`, `,
                            )}, 'canceled'))`,
  );
  const done = ready.map((r) => Number(r.id));
  if (done.length)
    await transitionTickets(tx, { scenicId, ticketIds: done, transition: 'T21', to: S.refunded });
  await tx.execute(
    sql`update payments p set status = 'refunded', updated_at = now()
        where p.scenic_id = ${scenicId} and p.status = 'confirmed' and p.refunded_amount = p.amount and p.amount > 0
          and p.order_id in (select order_id from order_tickets where id in (${ids(ticketIds)}))
          and not exists (select 1 from refunds r where r.payment_id = p.id
                            and r.status not in ('done', 'external', 'canceled'))`,
  );
  return done;
}

/** T17/T20 effects for tickets of one order, in the caller's transaction. */
async function refundTickets(
  tx: Db,
  input: {
    scenicId: number;
    tickets: TicketWithRule[];
    transition: 'T17' | 'T20';
    amount: number;
    requestId: number | null;
    reason: string;
    adminId: number;
    now: Date;
  },
): Promise<{ refunds: RefundRow[]; refunded: number[] }> {
  const ticketIds = input.tickets.map((t) => t.id);
  const orderId = input.tickets[0]!.orderId;
  await transitionTickets(tx, {
    scenicId: input.scenicId,
    ticketIds,
    transition: input.transition,
    to: S.refunding,
    // the ticket secret is revoked: the gate refuses it from now on
    extra: sql`code = null`,
  });
  for (const ticket of input.tickets) await releaseInventory(tx, ticket, input.now);
  const refunds = await createRefunds(tx, {
    scenicId: input.scenicId,
    orderId,
    ticketIds,
    amount: input.amount,
    requestId: input.requestId,
    reason: input.reason,
    adminId: input.adminId,
  });
  const refunded = await finishRefunds(tx, input.scenicId, ticketIds);
  return { refunds, refunded };
}

/**
 * T17 (202 → 205): a reviewer approves an open request. The reviewer must not be the account that
 * made it (409 reviewerIsRequester); the request is closed by compare-and-set (`… where status = 1`),
 * so of two approvals at once exactly one wins and the other gets 409. Effects: ticket secret
 * revoked, stock or seat released while the visit day has not ended, refunds split over the order's
 * payments; offline refunds are done at once and the ticket goes on to 203 (T21) in the same
 * transaction, online ones leave it in 205 until markRefundDone.
 */
export async function approveRefundRequest(
  db: Db,
  input: { scenicId: number; requestId: number; adminId: number; now?: Date },
  req?: FastifyRequest,
): Promise<{ request: RefundRequestRecord; refunds: RefundRow[]; ticketStatus: number }> {
  return db.transaction(async (tx) => {
    const [open] = await queryRows<{ requested_by_admin_id: number | null }>(
      tx,
      sql`select requested_by_admin_id from refund_requests where id = ${input.requestId} and scenic_id = ${input.scenicId}`,
    );
    if (!open) throw new AppError(404, 'recordNotFound');
    if (open.requested_by_admin_id != null && Number(open.requested_by_admin_id) === input.adminId)
      throw new AppError(409, 'reviewerIsRequester');
    const request = await closeRequest(
      tx,
      input.scenicId,
      input.requestId,
      REFUND_APPLY.approved,
      sql`, reviewed_by_admin_id = ${input.adminId}, reviewed_at = now()`,
    );
    const tickets = await lockTickets(tx, input.scenicId, [request.ticketId]);
    const { refunds, refunded } = await refundTickets(tx, {
      scenicId: input.scenicId,
      tickets,
      transition: 'T17',
      amount: request.refundAmount,
      requestId: request.id,
      reason: '',
      adminId: input.adminId,
      now: input.now ?? new Date(),
    });
    const ticketStatus = refunded.length ? S.refunded : S.refunding;
    await audit(
      tx,
      req,
      { scenicId: input.scenicId, adminId: input.adminId },
      {
        action: 'refundApprove',
        targetType: 'refundRequest',
        targetId: request.id,
        before: { status: REFUND_APPLY.pending, ticketStatus: S.refundRequested },
        after: { status: request.status, ticketStatus, refunds },
      },
    );
    return { request, refunds, ticketStatus };
  });
}

/**
 * T20 (201/301 → 205, and 204 → 205 by T19): staff refund tickets of one order without a request,
 * with a reason (the route demands admin:order:refund). The whole price goes back (no fee: the
 * area chose to refund). Same effects as an approval.
 */
export async function staffRefund(
  db: Db,
  input: {
    scenicId: number;
    orderId: number;
    ticketIds: readonly number[];
    reason: string;
    adminId: number;
    now?: Date;
  },
  req?: FastifyRequest,
): Promise<{ refunds: RefundRow[]; refunded: number[] }> {
  return db.transaction(async (tx) => {
    const tickets = await lockTickets(tx, input.scenicId, input.ticketIds);
    if (tickets.some((t) => t.orderId !== input.orderId)) throw new AppError(404, 'recordNotFound');
    const withdrawn = tickets.filter((t) => t.status === S.withdrawn);
    if (withdrawn.length)
      await transitionTickets(tx, {
        scenicId: input.scenicId,
        ticketIds: withdrawn.map((t) => t.id),
        transition: 'T19',
        to: S.refunding,
        extra: sql`code = null`,
      });
    const others = tickets.filter((t) => t.status !== S.withdrawn);
    const amount = tickets.reduce((sum, t) => sum + t.price, 0);
    const now = input.now ?? new Date();
    if (others.length) {
      // the T19 tickets are already in 205; refundTickets moves the rest and does the money for all
      await transitionTickets(tx, {
        scenicId: input.scenicId,
        ticketIds: others.map((t) => t.id),
        transition: 'T20',
        to: S.refunding,
        extra: sql`code = null`,
      });
    }
    for (const ticket of tickets) await releaseInventory(tx, ticket, now);
    const refunds = await createRefunds(tx, {
      scenicId: input.scenicId,
      orderId: input.orderId,
      ticketIds: tickets.map((t) => t.id),
      amount,
      requestId: null,
      reason: input.reason,
      adminId: input.adminId,
    });
    const refunded = await finishRefunds(
      tx,
      input.scenicId,
      tickets.map((t) => t.id),
    );
    await audit(
      tx,
      req,
      { scenicId: input.scenicId, adminId: input.adminId },
      {
        action: 'staffRefund',
        targetType: 'ticketOrder',
        targetId: input.orderId,
        before: { tickets: tickets.map((t) => ({ id: t.id, status: t.status })) },
        after: { reason: input.reason, amount, refunds, refunded },
      },
    );
    return { refunds, refunded };
  });
}

/**
 * An online refund is confirmed (provider callback, or by hand): T21 (205 → 203) for each of its
 * tickets once all their refunds are done. `failed`: T22, the refund is marked failed and the ticket
 * stays in 205 (secret revoked) until the refund is retried or done outside and marked done.
 */
export async function markRefundDone(
  db: Db,
  input: {
    scenicId: number;
    refundId: number;
    providerRefundId?: string | undefined;
    failed?: boolean | undefined;
  },
  req?: FastifyRequest,
): Promise<{ refund: RefundRow; refunded: number[] }> {
  return db.transaction(async (tx) => {
    const from = input.failed ? sql`('created', 'transit')` : sql`('created', 'transit', 'failed')`;
    const set = input.failed
      ? sql`status = 'failed'`
      : sql`status = 'done', done_at = now(), provider_refund_id = coalesce(${input.providerRefundId ?? null}, provider_refund_id)`;
    const [row] = await queryRows<Record<string, unknown>>(
      tx,
      sql`update refunds set ${set}
          where id = ${input.refundId} and scenic_id = ${input.scenicId} and status in ${from}
          returning id, payment_id, amount, status, ticket_ids, order_id`,
    );
    if (!row) {
      const [exists] = await queryRows<{ status: string }>(
        tx,
        sql`select status from refunds where id = ${input.refundId} and scenic_id = ${input.scenicId}`,
      );
      if (!exists) throw new AppError(404, 'recordNotFound');
      throw new AppError(409, 'refundNotPending');
    }
    const ticketIds = (row.ticket_ids as (number | string)[]).map(Number);
    const refund: RefundRow = {
      id: Number(row.id),
      paymentId: Number(row.payment_id),
      amount: Number(row.amount),
      status: String(row.status),
      ticketIds,
    };
    const refunded = input.failed ? [] : await finishRefunds(tx, input.scenicId, ticketIds);
    await audit(
      tx,
      req,
      { scenicId: input.scenicId },
      {
        action: input.failed ? 'refundFailed' : 'refundDone',
        targetType: 'refund',
        targetId: refund.id,
        after: { ...refund, providerRefundId: input.providerRefundId ?? null, refunded },
      },
    );
    return { refund, refunded };
  });
}

/** Open refund requests of an area (the top bar's badge, spec §7 countRefundApply). */
export async function countPendingRefundRequests(db: Db, scenicId: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from refund_requests where scenic_id = ${scenicId} and status = ${REFUND_APPLY.pending}`,
  );
  return Number(row?.n ?? 0);
}
