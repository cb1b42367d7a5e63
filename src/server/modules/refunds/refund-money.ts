import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { TICKET_STATUS as S } from '../../../shared/dict/order.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { transitionTickets } from '../orders/index.ts';
import { queryRows } from '../../db/rows.ts';
import {
  type RefundRow,
  audit,
  createRefunds,
  finishRefunds,
  lockTickets,
  releaseInventory,
} from './refund-core.ts';

/** Refunds without an application (staff, T20) and refunds confirmed or failed (T21, T22). */

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
    /** The account's user name for the audit row when there is no request (a job, the demo seed). */
    adminName?: string;
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
      { scenicId: input.scenicId, adminId: input.adminId, name: input.adminName },
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
    /** A failed refund: why (the provider's words), kept on the refund */
    failReason?: string | undefined;
  },
  req?: FastifyRequest,
): Promise<{ refund: RefundRow; refunded: number[] }> {
  return db.transaction(async (tx) => {
    const from = input.failed ? sql`('created', 'transit')` : sql`('created', 'transit', 'failed')`;
    const set = input.failed
      ? sql`status = 'failed', fail_reason = ${(input.failReason ?? '').slice(0, 300)}`
      : sql`status = 'done', done_at = now(), fail_reason = '', provider_refund_id = coalesce(${input.providerRefundId ?? null}, provider_refund_id)`;
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
