import { sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { REFUND_APPLY, TICKET_STATUS as S, type TicketStatusCode } from '../../../shared/dict/order.ts';
import { REFUND_RULE } from '../../../shared/dict/product.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { transitionTickets } from '../orders/index.ts';
import { queryRows } from '../../db/rows.ts';
import { areaDateTime } from '../../lib/area-clock.ts';
import {
  REFUND_REQUEST_CAP,
  REQUEST_COLUMNS,
  type RefundRequestRecord,
  type RefundRow,
  type TicketWithRule,
  audit,
  lockTickets,
  refundDeadline,
  refundFee,
  refundTickets,
  requestOf,
} from './refund-core.ts';

/** Refund applications: request (T15, T16), withdraw (T18), reject, approve (T17), and the open count. */

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
export async function closeRequest(
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
    /** and, with a client, of this member's orders (null: orders without a member) */ memberId?:
      number | null;
  },
  req?: FastifyRequest,
): Promise<RefundRequestRecord> {
  return db.transaction(async (tx) => {
    const own = input.clientId
      ? sql` and order_id in (select id from ticket_orders where client_id = ${input.clientId}
          and member_id is not distinct from ${input.memberId ?? null}::int)`
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
 * had before the request (docs/domain.md decision; the T18 "reject" rows of the transition table).
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

/** Open refund requests of an area (the top bar's badge, docs/product.md §7 countRefundApply). */
export async function countPendingRefundRequests(db: Db, scenicId: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from refund_requests where scenic_id = ${scenicId} and status = ${REFUND_APPLY.pending}`,
  );
  return Number(row?.n ?? 0);
}
