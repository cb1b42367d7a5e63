import { sql } from 'drizzle-orm';
import { PAY_STATUS, TICKET_STATUS as S, type PayWayCode } from '../../../shared/dict/order.ts';
import { queryRows } from '../../db/rows.ts';
import { AppError } from '../../http/errors.ts';
import { translate } from '../../http/messages.ts';
import { confirmPayment, orderOwner, ownOrder } from '../orders/index.ts';
import { markRefundDone } from '../refunds/index.ts';
import type { DueRefund, PayTarget } from './pay-targets.ts';

/** How long a payment of an order without a deadline may be paid (an order at a window). */
const NO_DEADLINE_MS = 30 * 60_000;

const names = (providers: readonly string[]) =>
  sql.join(
    providers.map((p) => sql`${p}`),
    sql`, `,
  );

const dueRefundOf = (r: Record<string, unknown>): DueRefund => ({
  refundId: Number(r.id),
  scenicId: Number(r.scenic_id),
  payWay: Number(r.pay_way),
  provider: String(r.provider),
  paymentNo: String(r.payment_no),
  providerTxnId: r.provider_txn_id == null ? null : String(r.provider_txn_id),
  amount: Number(r.amount),
  total: Number(r.total),
  reason: String(r.reason ?? ''),
});

/** Refunds of ticket orders paid online: the refund row, its payment and the intent that paid it. */
const refundsWhere = (providers: readonly string[], status: string, due: ReturnType<typeof sql>) => sql`
  select r.id, r.scenic_id, r.amount, r.reason, p.pay_way, p.provider, p.provider_txn_id, p.amount as total, i.payment_no
  from refunds r
    join payments p on p.id = r.payment_id
    join pay_intents i on i.provider = p.provider and i.provider_txn_id = p.provider_txn_id
    left join provider_refunds pr on pr.target = 'ticket' and pr.refund_id = r.id
  where r.status = ${status} and p.provider in (${names(providers)}) and ${due}
  order by r.id`;

/** Ticket orders (docs/domain.md T3, T6, T7, T21, T22) paid and refunded through an online provider. */
export const ticketPayTarget: PayTarget = {
  kind: 'ticket',

  async due(db, req, orderNo) {
    const order = await ownOrder(db, await orderOwner(db, req), orderNo);
    const now = new Date();
    const amount = order.totalAmount - order.paidAmount;
    if (
      order.status !== S.pendingPayment ||
      order.payStatus !== PAY_STATUS.unpaid ||
      amount <= 0 ||
      (order.expiresAt && order.expiresAt <= now)
    )
      throw new AppError(409, 'orderNotPayable');
    return {
      scenicId: order.scenicId,
      targetNo: order.orderNo,
      amount,
      description: translate('payDescriptionTicket', 'zh', { orderNo: order.orderNo }),
      expiresAt: order.expiresAt ?? new Date(now.getTime() + NO_DEADLINE_MS),
    };
  },

  async owned(db, req, orderNo) {
    await ownOrder(db, await orderOwner(db, req), orderNo);
  },

  async confirm(tx, input) {
    const { outcome } = await confirmPayment(tx, {
      scenicId: input.scenicId,
      orderNo: input.targetNo,
      payWay: input.payWay as PayWayCode,
      amount: input.amount,
      provider: input.provider,
      providerTxnId: input.providerTxnId,
      // paid in time is T3 even when the expiry job has not looked yet
      now: input.paidAt,
    });
    return outcome;
  },

  async dueRefunds(db, providers, now, limit) {
    if (!providers.length) return [];
    const rows = await queryRows<Record<string, unknown>>(
      db,
      sql`${refundsWhere(providers, 'created', sql`(pr.next_attempt_at is null or pr.next_attempt_at <= ${now})`)} limit ${limit}`,
    );
    return rows.map(dueRefundOf);
  },

  async sentRefunds(db, providers, before, limit) {
    if (!providers.length) return [];
    const rows = await queryRows<Record<string, unknown>>(
      db,
      sql`${refundsWhere(providers, 'transit', sql`pr.updated_at < ${before}`)} limit ${limit}`,
    );
    return rows.map(dueRefundOf);
  },

  async moveRefund(tx, refundId, from, to) {
    const moved = await queryRows<{ id: number }>(
      tx,
      sql`update refunds set status = ${to} where id = ${refundId} and status = ${from} returning id`,
    );
    return moved.length === 1;
  },

  async refundEnded(db, scenicId, refundId, end) {
    try {
      await markRefundDone(db, {
        scenicId,
        refundId,
        ...(end.ok
          ? { providerRefundId: end.providerRefundId ?? undefined }
          : { failed: true, failReason: end.reason }),
      });
    } catch (error) {
      // marked by a person meanwhile (done outside the system): nothing left to do
      if (error instanceof AppError && error.statusCode === 409) return;
      throw error;
    }
  },
};
