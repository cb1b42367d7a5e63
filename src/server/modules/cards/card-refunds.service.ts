import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { CardRefundStatusCode } from '../../../shared/dict/cards.ts';
import { BALANCE_OP } from '../../../shared/dict/members.ts';
import { PAY_WAY_MEMBER_BALANCE } from '../../../shared/dict/order.ts';
import type { Db } from '../../db/client.ts';
import { recordAudit, SYSTEM } from '../audit/index.ts';
import { AppError } from '../../http/errors.ts';
import { creditBalance } from '../members/index.ts';
import { refundReaders, type RefundEnd } from '../payments/index.ts';
import { cardRefunds, type CardOrder, type CardRefund } from './card-orders.table.ts';
import { orderOfArea } from './card-issue.service.ts';

/**
 * The money of a card order given back (docs/payments.md "Travel cards"): paid online, a refund
 * record waits `created` for payments' refund sender, which sends it to the provider and ends it
 * done or failed; paid from the member's balance, the balance is credited at once; paid offline
 * (cash, POS, on account) it counts as given back at once, as before.
 */

/** A refund of a provider's payment, waiting for the refund sender (in the caller's transaction). */
export async function createCardRefund(
  tx: Db,
  input: {
    order: Pick<CardOrder, 'id' | 'scenicId'>;
    payWay: number;
    provider: string;
    providerTxnId: string;
    amount: number;
    reason: string;
    adminId: number | null;
    now: Date;
  },
): Promise<CardRefund> {
  const [row] = await tx
    .insert(cardRefunds)
    .values({
      scenicId: input.order.scenicId,
      orderId: input.order.id,
      payWay: input.payWay,
      provider: input.provider,
      providerTxnId: input.providerTxnId,
      amount: input.amount,
      reason: input.reason.slice(0, 200),
      adminId: input.adminId,
      createdAt: input.now,
      updatedAt: input.now,
    })
    .returning();
  return row!;
}

/**
 * C7/C8's money, in the refund's transaction: `amount` of an online payment goes back through its
 * provider (a refund record), of a balance payment to the member's balance; offline it is done.
 */
export async function giveCardMoneyBack(
  tx: Db,
  order: CardOrder,
  input: { amount: number; reason: string; adminId: number | null; now: Date },
): Promise<void> {
  if (input.amount <= 0) return;
  if (order.provider && order.providerTxnId && order.payWay != null) {
    await createCardRefund(tx, {
      order,
      payWay: order.payWay,
      provider: order.provider,
      providerTxnId: order.providerTxnId,
      ...input,
    });
    return;
  }
  if (order.payWay === PAY_WAY_MEMBER_BALANCE && order.memberId != null)
    await creditBalance(tx, {
      scenicId: order.scenicId,
      memberId: order.memberId,
      operation: BALANCE_OP.refund,
      amount: input.amount,
      reference: order.orderNo,
      remark: input.reason.slice(0, 100),
      adminId: input.adminId,
    });
}

/**
 * The refunds of card orders paid online as the refund sender reads them: the refund, the payments
 * module's intent that took its payment (payment number, total) and the sender's record of attempts.
 */
export const onlineCardRefunds = refundReaders(
  (status, due, providers) =>
    sql`select r.id as "refundId", r.scenic_id as "scenicId", r.pay_way as "payWay", r.provider,
          i.payment_no as "paymentNo", r.provider_txn_id as "providerTxnId", r.amount, i.amount as total, r.reason
        from card_refunds r
          join pay_intents i on i.target = 'card' and i.provider = r.provider and i.provider_txn_id = r.provider_txn_id
          left join provider_refunds pr on pr.target = 'card' and pr.refund_id = r.id
        where r.status = ${status} and ${due} and r.provider in (${providers})
        order by r.id`,
);

/** The sender's claim and give-back: created ⇄ transit by compare-and-set; false when it moved meanwhile. */
export async function moveCardRefund(
  tx: Db,
  refundId: number,
  from: 'created' | 'transit',
  to: 'created' | 'transit',
): Promise<boolean> {
  const moved = await tx
    .update(cardRefunds)
    .set({ status: to, updatedAt: new Date() })
    .where(and(eq(cardRefunds.id, refundId), eq(cardRefunds.status, from)))
    .returning({ id: cardRefunds.id });
  return moved.length === 1;
}

/**
 * The provider's last word on a refund: done (a late success also ends a failed one) or failed with
 * its reason, by compare-and-set with its audit row; a refund that ended meanwhile is left as it is.
 */
export async function cardRefundEnded(
  db: Db,
  scenicId: number,
  refundId: number,
  end: RefundEnd,
): Promise<void> {
  await db.transaction(async (tx) => {
    const now = new Date();
    const [ended] = await tx
      .update(cardRefunds)
      .set(
        end.ok
          ? {
              status: 'done',
              doneAt: now,
              providerRefundId: sql`coalesce(${end.providerRefundId}, ${cardRefunds.providerRefundId})`,
              updatedAt: now,
            }
          : { status: 'failed', failReason: end.reason.slice(0, 300), updatedAt: now },
      )
      .where(
        and(
          eq(cardRefunds.id, refundId),
          eq(cardRefunds.scenicId, scenicId),
          inArray(cardRefunds.status, end.ok ? ['created', 'transit', 'failed'] : ['created', 'transit']),
        ),
      )
      .returning();
    if (!ended) return;
    await recordAudit(
      tx,
      { username: SYSTEM, scenicId },
      {
        module: 'cards',
        action: end.ok ? 'cardRefund.done' : 'cardRefund.failed',
        targetType: 'cardOrder',
        targetId: ended.orderId,
        after: {
          refundId: ended.id,
          amount: ended.amount,
          providerRefundId: ended.providerRefundId,
          failReason: ended.failReason,
        },
      },
    );
  });
}

/** The refund through a provider each order shows: its status and the provider's reason when it failed. */
export async function refundStatesOf(
  db: Db,
  orderIds: readonly number[],
): Promise<Map<number, { status: CardRefundStatusCode; failReason: string }>> {
  if (!orderIds.length) return new Map();
  const rows = await db
    .select({ orderId: cardRefunds.orderId, status: cardRefunds.status, failReason: cardRefunds.failReason })
    .from(cardRefunds)
    .where(inArray(cardRefunds.orderId, [...new Set(orderIds)]))
    .orderBy(desc(cardRefunds.id));
  const states = new Map<number, { status: CardRefundStatusCode; failReason: string }>();
  // the newest, unless an older one failed: a failure waits for staff (moveFailedCardRefunds)
  for (const r of rows)
    if (!states.has(r.orderId) || (r.status === 'failed' && states.get(r.orderId)!.status !== 'failed'))
      states.set(r.orderId, {
        status: r.status as CardRefundStatusCode,
        // the provider's last reason is kept on the record; shown while the refund stays failed
        failReason: r.status === 'failed' ? r.failReason : '',
      });
  return states;
}

/**
 * A failed refund's way forward, by staff (docs/payments.md "Travel cards"): `retry` sends the order's
 * failed refunds to the provider again (failed → created: the refund sender picks them up at its
 * next pass), `outside` records them as paid back by other means (failed → external, the money's
 * end). Each a compare-and-set on the refund's status, so two clicks never both move it; 409
 * `cardRefundNotFailed` when the order (of the area, else 404) has no failed refund.
 */
export async function moveFailedCardRefunds(
  tx: Db,
  input: { scenicId: number; id: number; to: 'retry' | 'outside' },
  now = new Date(),
): Promise<{ order: CardOrder; refunds: CardRefund[] }> {
  const order = await orderOfArea(tx, input.scenicId, input.id);
  const refunds = await tx
    .update(cardRefunds)
    .set(
      input.to === 'retry'
        ? { status: 'created', updatedAt: now }
        : { status: 'external', doneAt: now, updatedAt: now },
    )
    .where(
      and(
        eq(cardRefunds.orderId, order.id),
        eq(cardRefunds.scenicId, input.scenicId),
        eq(cardRefunds.status, 'failed'),
      ),
    )
    .returning();
  if (!refunds.length) throw new AppError(409, 'cardRefundNotFailed');
  return { order, refunds };
}
