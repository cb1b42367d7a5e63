import { sql } from 'drizzle-orm';
import { TICKET_STATUS as S, type TicketStatusCode } from '../../../shared/dict/order.ts';
import { transitionFrom, type TicketTransitionId } from '../../../shared/domain/ticket-transitions.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { rowsOf } from '../../db/rows.ts';

export interface TicketRow {
  id: number;
  orderId: number;
  status: TicketStatusCode;
}

/**
 * Moves tickets along one transition of docs/domain.md by compare-and-set: `UPDATE … WHERE status =
 * ANY(from)`, inside the caller's transaction. All or nothing: when any ticket is not in a status
 * the transition starts from (someone else moved it first), nothing changes and the answer is 409.
 * `extra` sets more columns in the same statement (e.g. `code = null`).
 */
export async function transitionTickets(
  tx: Db,
  input: {
    scenicId: number;
    ticketIds: readonly number[];
    transition: TicketTransitionId;
    to: TicketStatusCode;
    /** Only tickets that were in one of these (a subset of the transition's from) */
    from?: readonly TicketStatusCode[];
    extra?: ReturnType<typeof sql>;
  },
): Promise<TicketRow[]> {
  const allowed = transitionFrom(input.transition, input.to).filter(
    (s) => !input.from || input.from.includes(s),
  );
  if (allowed.length === 0 || input.ticketIds.length === 0) throw new AppError(409, 'transitionNotAllowed');
  const ids = [...new Set(input.ticketIds)];
  const set = input.extra ? sql`, ${input.extra}` : sql``;
  const rows = rowsOf<{ id: string | number; order_id: string | number; status: number }>(
    await tx.execute(sql`update order_tickets set status = ${input.to}, updated_at = now()${set}
      where scenic_id = ${input.scenicId}
        and id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})
        and status in (${sql.join(
          allowed.map((s) => sql`${s}`),
          sql`, `,
        )})
      returning id, order_id, status`),
  );
  if (rows.length !== ids.length) {
    // all or nothing: the caller's transaction rolls back what did change
    throw new AppError(409, 'transitionNotAllowed');
  }
  return rows.map((r) => ({
    id: Number(r.id),
    orderId: Number(r.order_id),
    status: r.status as TicketStatusCode,
  }));
}

/**
 * The order's summary status, from its tickets: the first of this list that any ticket has, so an
 * order shows what still needs attention (a pending payment or refund) before what is settled.
 * The database keeps `ticket_orders.status` by this list (migration 0007: a trigger on
 * order_tickets, in the statement that moves the tickets); orders.test.ts checks the two agree.
 */
export const ORDER_STATUS_PRECEDENCE: readonly TicketStatusCode[] = [
  S.pendingPayment,
  S.refundRequested,
  S.refunding,
  S.inUse,
  S.entered,
  S.left,
  S.ticketed,
  S.unused,
  S.withdrawn,
  S.used,
  S.settled,
  S.expired,
  S.refunded,
  S.invalid,
  S.systemCancelled,
  S.userCancelled,
];

export function summaryStatus(statuses: readonly number[]): TicketStatusCode {
  for (const status of ORDER_STATUS_PRECEDENCE) if (statuses.includes(status)) return status;
  throw new Error('an order without tickets has no status');
}

/**
 * The compare-and-set UPDATE of one ticket from exactly the status (and entries left) it was read
 * with, along one transition of docs/domain.md. Run alone or in a CTE; it returns the ticket's id, or no
 * row when someone moved the ticket first. For a caller that judged the ticket without locking it
 * (the gate check-in, where a scan is one read and one write).
 */
export function moveTicketSql(input: {
  scenicId: number;
  ticketId: number;
  transition: TicketTransitionId;
  from: TicketStatusCode;
  to: TicketStatusCode;
  entriesLeft: number;
  extra?: ReturnType<typeof sql>;
}): ReturnType<typeof sql> {
  if (!transitionFrom(input.transition, input.to).includes(input.from))
    throw new AppError(409, 'transitionNotAllowed');
  const set = input.extra ? sql`, ${input.extra}` : sql``;
  return sql`update order_tickets set status = ${input.to}, updated_at = now()${set}
    where id = ${input.ticketId} and scenic_id = ${input.scenicId} and status = ${input.from}
      and entries_left = ${input.entriesLeft}
    returning id`;
}

/**
 * For a bulk load only (the demo history): switches the order-status and order-totals triggers
 * off for the rest of the caller's transaction. Before it commits, the caller must call
 * recomputeOrderStatuses and then addOrderTotals (order-totals.ts) for its orders, and must not
 * have changed any other order.
 */
export async function beginBulkLoad(tx: Db): Promise<void> {
  await tx.execute(sql`select set_config('scenic.bulk_load', 'on', true)`);
}

/** Sets the status of these orders from their tickets, as the trigger would, in one statement. */
export async function recomputeOrderStatuses(tx: Db, orderIds: readonly number[]): Promise<void> {
  if (!orderIds.length) return;
  await tx.execute(sql`update ticket_orders o set status = s.status
    from (
      select distinct on (t.order_id) t.order_id, t.status
      from order_tickets t join order_status_precedence p on p.status = t.status
      where t.order_id in (${sql.join(
        orderIds.map((id) => sql`${id}`),
        sql`, `,
      )})
      order by t.order_id, p.rank
    ) s
    where o.id = s.order_id and o.status is distinct from s.status`);
}
