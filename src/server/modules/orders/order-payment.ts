import { and, eq, sql } from 'drizzle-orm';
import { PAY_STATUS, TICKET_STATUS as S, type PayWayCode } from '../../../shared/dict/order.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { getScenicSettings } from '../settings/index.ts';
import { paymentProvider } from './providers/index.ts';
import { payments, ticketOrders } from './orders.table.ts';
import { pluggedOne } from '../../lib/extension-point.ts';
import { transitionTickets } from './ticket-state.service.ts';
import {
  type Actor,
  type OrderRecord,
  type TicketRecord,
  audit,
  lockOrder,
  orderTicketsOf,
} from './order-core.ts';
import { reacquireInventory, sellInventory } from './order-stock.ts';
import { cancelLocked } from './order-closing.ts';
import { orderPaid, refundLedgers, storedValueOf } from './order-money.ts';

/** Payment of an order (T3), and payments that arrive after the deadline (T6, T7). */

export type PaymentOutcome = 'confirmed' | 'duplicate' | 'lateAccepted' | 'lateRefunded';

export interface ConfirmPaymentInput {
  scenicId: number;
  orderNo: string;
  payWay: PayWayCode;
  /** cents */
  amount: number;
  provider: string;
  providerTxnId: string;
  actor?: Actor | undefined;
  now?: Date | undefined;
}

/**
 * T3 (or T6/T7 for a late payment). Deduplicated by (provider, providerTxnId): the same
 * confirmation twice is `duplicate`. The amount must equal the amount due (409). A payment after
 * the deadline or for a system-cancelled order revives it (T6) when late payments are accepted and
 * the inventory is still there; otherwise, and for a user-cancelled order (T7) or an order already
 * paid, the payment is recorded and refunded automatically (`lateRefunded`, status unchanged).
 */
export async function confirmPayment(
  db: Db,
  input: ConfirmPaymentInput,
): Promise<{ outcome: PaymentOutcome; order: OrderRecord }> {
  const now = input.now ?? new Date();
  // stored value (a member's balance, a distributor's balance or credit) pays only together with
  // the order (T2), where the debit is guarded
  const stored = storedValueOf(input.payWay);
  if (stored) throw new AppError(400, stored.onlyAtOrder);
  const provider = paymentProvider(input.provider);
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, input.scenicId, { orderNo: input.orderNo });
    const [seen] = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.provider, provider.name), eq(payments.providerTxnId, input.providerTxnId)));
    if (seen) {
      if (seen.orderId !== order.id) throw new AppError(409, 'paymentTxnOtherOrder');
      return { outcome: 'duplicate' as const, order };
    }
    const due = order.totalAmount;
    if (input.amount !== due)
      throw new AppError(409, 'paymentAmountMismatch', { params: { amount: input.amount, due } });
    const [payment] = await tx
      .insert(payments)
      .values({
        orderId: order.id,
        scenicId: order.scenicId,
        payWay: input.payWay,
        provider: provider.name,
        providerTxnId: input.providerTxnId,
        amount: input.amount,
        status: 'confirmed',
        confirmedAt: now,
      })
      .returning();
    const tickets = await orderTicketsOf(tx, order.id);
    const ids = tickets.map((t) => t.id);
    const paid = async (transition: 'T3' | 'T6', outcome: PaymentOutcome) => {
      await transitionTickets(tx, { scenicId: order.scenicId, ticketIds: ids, transition, to: S.unused });
      if (transition === 'T3') await sellInventory(tx, order, tickets);
      await tx
        .update(ticketOrders)
        .set({
          paidAmount: sql`${ticketOrders.paidAmount} + ${input.amount}`,
          payStatus: PAY_STATUS.paid,
          payWay: input.payWay,
          paidAt: now,
          expiresAt: null,
          cancelledAt: null,
          updatedAt: now,
        })
        .where(eq(ticketOrders.id, order.id));
      await orderPaid(tx, order, now, transition === 'T6');
      await audit(tx, input.actor, order.scenicId, {
        action: 'pay',
        targetId: order.orderNo,
        after: {
          transition,
          amount: input.amount,
          provider: provider.name,
          providerTxnId: input.providerTxnId,
        },
      });
      return { outcome, order: await lockOrder(tx, order.scenicId, { id: order.id }) };
    };
    const refundIt = async (why: string) => {
      const r = await provider.refund({
        paymentId: payment!.id,
        providerTxnId: input.providerTxnId,
        amount: input.amount,
      });
      await pluggedOne(refundLedgers, () => true).record(tx, {
        scenicId: order.scenicId,
        orderId: order.id,
        paymentId: payment!.id,
        amount: input.amount,
        status: r.status,
        providerRefundId: r.providerRefundId,
        reason: why,
      });
      await tx
        .update(payments)
        .set({ refundedAmount: input.amount, updatedAt: now })
        .where(eq(payments.id, payment!.id));
      await tx
        .update(ticketOrders)
        .set({
          paidAmount: sql`${ticketOrders.paidAmount} + ${input.amount}`,
          refundedAmount: sql`${ticketOrders.refundedAmount} + ${input.amount}`,
          updatedAt: now,
        })
        .where(eq(ticketOrders.id, order.id));
      await audit(tx, input.actor, order.scenicId, {
        action: 'lateRefund',
        targetId: order.orderNo,
        after: {
          transition: why,
          amount: input.amount,
          provider: provider.name,
          providerTxnId: input.providerTxnId,
        },
      });
      return {
        outcome: 'lateRefunded' as const,
        order: await lockOrder(tx, order.scenicId, { id: order.id }),
      };
    };

    const statuses = new Set(tickets.map((t) => t.status));
    const onlyIn = (s: number) => statuses.size === 1 && statuses.has(s);
    if (onlyIn(S.pendingPayment) && order.payStatus === PAY_STATUS.unpaid) {
      if (!order.expiresAt || now <= order.expiresAt) return paid('T3', 'confirmed');
      // past the deadline, the expiry job had not run yet: cancel first (T5), then as a late payment
      await cancelLocked(tx, order, tickets, 'T5', input.actor, now);
      return late(await orderTicketsOf(tx, order.id));
    }
    if (onlyIn(S.systemCancelled)) return late(tickets);
    if (onlyIn(S.userCancelled)) return refundIt('T7');
    return refundIt('paidTwice');

    async function late(current: TicketRecord[]) {
      if (!(await getScenicSettings(tx, order.scenicId)).acceptLatePayment) return refundIt('T6refused');
      try {
        // a savepoint: a failed re-acquire leaves nothing half taken
        await tx.transaction((sp) => reacquireInventory(sp, order, current));
      } catch (error) {
        if (error instanceof AppError && error.statusCode === 409) return refundIt('T6soldOut');
        throw error;
      }
      return paid('T6', 'lateAccepted');
    }
  });
}
