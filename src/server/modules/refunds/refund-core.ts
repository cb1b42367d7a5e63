import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { TICKET_STATUS as S, type TicketStatusCode } from '../../../shared/dict/order.ts';
import { REFUND_RULE, REFUND_UNIT } from '../../../shared/dict/product.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { AuditTargetCode } from '../../../shared/dict/audit.ts';
import { actorOfRequest, recordAudit } from '../audit/index.ts';
import {
  orderRefunded,
  releaseRefundedTicket,
  storedValueOfProvider,
  transitionTickets,
} from '../orders/index.ts';
import { queryRows } from '../../db/rows.ts';
import { queueRefundMessage } from './refund-messages.ts';
import { DEFAULT_TIME_ZONE, areaDay, areaDayStart } from '../../lib/area-clock.ts';

/** What the refund paths share: fee and deadline rules, locks, the audit row, refunds split over payments. */

/** At most this many refund requests per ticket, withdrawn and rejected ones included (T15/T19 cap). */
export const REFUND_REQUEST_CAP = 3;
/** payments.provider of money taken outside any online provider: cash, POS, on account, balances. */
export const OFFLINE_PROVIDER = 'offline';
/** Refund statuses that mean the money went back (docs/domain.md "Refund"). */
export const SETTLED_REFUND = ['done', 'external'] as const;

export const ids = (values: readonly number[]) =>
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
 * The fee kept on a refund, in cents (rule 2 of docs/product.md §9 refund rules): unit yuan → the fee value
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

export interface TicketWithRule extends RefundRule {
  id: number;
  orderId: number;
  scenicId: number;
  productId: number;
  productType: number;
  departureId: number | null;
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
export async function lockTickets(
  tx: Db,
  scenicId: number,
  ticketIds: readonly number[],
): Promise<TicketWithRule[]> {
  const wanted = [...new Set(ticketIds)].sort((a, b) => a - b);
  if (!wanted.length) throw new AppError(404, 'recordNotFound');
  const found = await queryRows<Record<string, unknown>>(
    tx,
    sql`select t.id, t.order_id, t.scenic_id, t.product_id, t.product_type, t.departure_id, t.session_id, t.period_id,
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
    departureId: r.departure_id == null ? null : Number(r.departure_id),
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
export interface Actor {
  scenicId: number;
  adminId?: number | null | undefined;
  name?: string | undefined;
}

/** A refund's audit row: module orders (refunds belong to the order), written by audit.service.ts. */
export function audit(
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

export const REQUEST_COLUMNS = sql`id, ticket_id, order_id, status, status_before_refund, ticket_amount, fee,
  refund_amount, requested_by, requested_by_admin_id`;

export function requestOf(r: Record<string, unknown>): RefundRequestRecord {
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

export interface RefundRow {
  id: number;
  paymentId: number;
  amount: number;
  status: string;
  ticketIds: number[];
}

/** Gives the ticket's stock or seat back when its visit day has not ended (T17/T20 effect). */
export async function releaseInventory(tx: Db, ticket: TicketWithRule, now: Date): Promise<void> {
  if (ticket.visitDate < areaDay(now, ticket.timeZone)) return;
  await releaseRefundedTicket(tx, ticket);
}

/**
 * Money back for some tickets of one order: refund rows split over the order's confirmed payments,
 * the largest remaining first, each guarded by `refunded_amount + x <= amount`. Offline payments are
 * refunded outside the system at once ('external'); stored value (a member's balance, a distributor's
 * balance or credit) goes back at once ('done'); online ones wait for the provider ('created').
 */
export async function createRefunds(
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
  await orderRefunded(tx, { scenicId: input.scenicId, orderId: input.orderId, amount: input.amount });
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
    // stored value (a member's balance, a distributor's balance or credit: orders' pay ways) goes back
    // at once, where it came from, with its ledger row
    const stored = storedValueOfProvider(payment.provider);
    const status = payment.provider === OFFLINE_PROVIDER ? 'external' : stored ? 'done' : 'created';
    const [refund] = await queryRows<Record<string, unknown>>(
      tx,
      sql`insert into refunds (scenic_id, order_id, payment_id, refund_request_id, ticket_ids, amount, status,
            reason, admin_id, done_at)
          values (${input.scenicId}, ${input.orderId}, ${payment.id}, ${input.requestId},
            ${`{${input.ticketIds.join(',')}}`}::bigint[], ${take}, ${status}, ${input.reason.slice(0, 200)},
            ${input.adminId}, ${status === 'created' ? null : sql`now()`})
          returning id, payment_id, amount, status, ticket_ids`,
    );
    await stored?.payBack(tx, {
      scenicId: input.scenicId,
      orderId: input.orderId,
      amount: take,
      refundId: Number(refund!.id),
      adminId: input.adminId,
    });
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
  // the buyer is told (SMS template 5), in this transaction
  await queueRefundMessage(tx, { ...input, refundId: created[0]!.id });
  return created;
}

/**
 * T21 for the tickets (in 205) whose refunds are all done, in the caller's transaction; a payment
 * refunded in full with nothing pending becomes 'refunded'. Returns the tickets moved.
 */
export async function finishRefunds(
  tx: Db,
  scenicId: number,
  ticketIds: readonly number[],
): Promise<number[]> {
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
export async function refundTickets(
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
