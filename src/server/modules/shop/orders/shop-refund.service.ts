import crypto from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { BALANCE_OP } from '../../../../shared/dict/members.ts';
import { PAY_WAY_MEMBER_BALANCE } from '../../../../shared/dict/order.ts';
import { SHOP_ORDER_STATUS as S } from '../../../../shared/dict/shop.ts';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/rows.ts';
import { AppError } from '../../../http/errors.ts';
import { recordAudit, SYSTEM } from '../../audit/index.ts';
import { giveCouponBack } from '../../coupons/index.ts';
import { creditBalance } from '../../members/index.ts';
import { linesOf, moveSales, type RefundLine } from './shop-order-common.ts';
import { queueShopMessage } from './shop-messages.ts';
import { transitionShopOrder } from './shop-order-state.service.ts';
import { shopOrderRefunded } from './shop-refund-listeners.ts';
import { shopOrderLines, shopOrders, shopPayments, shopRefunds, type ShopOrder } from '../shop.table.ts';

/**
 * Refunds of shop orders (docs/decisions.md "Online shop"): a refund row is written with the lines
 * and cents it returns (the lines' and the order's refunded amounts and the goods' sales move at
 * once, so two refunds can never return the same pieces), then executed: a balance payment (pay
 * way 9) is credited back to the member in the same transaction; a payment an online provider
 * confirmed (WeChat Pay, Alipay: issue 30) is left `created` for the payments module's refund
 * sender, which sends it and ends it by `shopRefundEnded` (done, or failed with the provider's
 * reason); any other payment was taken outside the system and is handed back there, done at once.
 * A refund that failed stays `failed` (S19 on an order in 205) until `retryShopRefund` sends it
 * again or records it as paid back outside.
 */

export type ShopRefundRow = typeof shopRefunds.$inferSelect;

/** The provider of a payment taken outside the system (a reported pay way, the balance). */
const OFFLINE = 'offline';

const newRefundNo = () => `SR${Date.now()}${crypto.randomInt(0, 1_000_000).toString().padStart(6, '0')}`;

/** What a refund returns: the lines and their cents, why, and the after-sales request or staff behind it. */
export interface ShopRefundInput {
  lines: RefundLine[];
  amount: number;
  reason: string;
  aftersaleId?: number | null;
  adminId?: number | null;
  /** The payment given back (default: the order's confirmed one): a late or second payment */
  paymentId?: number;
  /** A second payment of a paid order: given back without touching the order's amounts */
  stray?: boolean;
}

/** The lines', the order's refunded amounts and the goods' sales move with the refund. */
async function takeBack(tx: Db, order: ShopOrder, input: ShopRefundInput): Promise<void> {
  for (const l of input.lines)
    await tx
      .update(shopOrderLines)
      .set({
        refundedQuantity: sql`${shopOrderLines.refundedQuantity} + ${l.quantity}`,
        refundedAmount: sql`${shopOrderLines.refundedAmount} + ${l.amount}`,
      })
      .where(and(eq(shopOrderLines.id, l.lineId), eq(shopOrderLines.orderId, order.id)));
  await tx
    .update(shopOrders)
    .set({ refundedAmount: sql`${shopOrders.refundedAmount} + ${input.amount}`, updatedAt: new Date() })
    .where(eq(shopOrders.id, order.id));
  await moveSales(tx, await linesOf(tx, order.id), input.lines, -1);
  await shopOrderRefunded(tx, { scenicId: order.scenicId, orderId: order.id, amount: input.amount });
}

/**
 * Writes a refund of these lines (cents already computed, `refundLinesOf`) against the order's
 * confirmed payment (or the one named), in the caller's transaction; the lines', the order's refunded
 * amounts and the goods' sales move now (not for a stray payment). Not executed yet (`executeShopRefund`).
 */
export async function createShopRefund(
  tx: Db,
  order: ShopOrder,
  input: ShopRefundInput,
): Promise<ShopRefundRow> {
  const [payment] = await tx
    .select()
    .from(shopPayments)
    .where(
      and(
        eq(shopPayments.orderId, order.id),
        eq(shopPayments.status, 'confirmed'),
        input.paymentId == null ? undefined : eq(shopPayments.id, input.paymentId),
      ),
    )
    .orderBy(shopPayments.id)
    .limit(1);
  if (!payment) throw new AppError(409, 'shopRefundNoPayment');
  if (!input.stray) await takeBack(tx, order, input);
  const [refund] = await tx
    .insert(shopRefunds)
    .values({
      scenicId: order.scenicId,
      refundNo: newRefundNo(),
      orderId: order.id,
      aftersaleId: input.aftersaleId ?? null,
      paymentId: payment.id,
      payWay: payment.payWay,
      amount: input.amount,
      lines: input.lines,
      reason: input.reason,
      adminId: input.adminId ?? null,
    })
    .returning();
  return refund!;
}

/**
 * Executes a created (or failed, retried) refund: `done` with the time, or `failed` with why; a
 * refund of an online payment stays `created` for the refund sender. The balance moves in a
 * savepoint, so a refusal leaves nothing half-done. Answers the refund as it is now.
 */
export async function executeShopRefund(
  tx: Db,
  order: ShopOrder,
  refund: ShopRefundRow,
): Promise<ShopRefundRow> {
  const [payment] = await tx
    .select()
    .from(shopPayments)
    .where(eq(shopPayments.id, refund.paymentId ?? 0));
  if (payment && payment.provider !== OFFLINE) return refund;
  let outcome: { status: 'done' } | { status: 'failed'; failReason: string } = { status: 'done' };
  if (refund.payWay === PAY_WAY_MEMBER_BALANCE)
    try {
      await tx.transaction(async (sp) => {
        if (order.memberId == null) throw new Error('the member no longer exists');
        await creditBalance(sp, {
          scenicId: order.scenicId,
          memberId: order.memberId,
          operation: BALANCE_OP.refund,
          amount: refund.amount,
          reference: order.orderNo,
          remark: refund.refundNo,
          adminId: refund.adminId,
        });
      });
    } catch (error) {
      const reason =
        error instanceof AppError ? error.msgKey : error instanceof Error ? error.message : String(error);
      outcome = { status: 'failed', failReason: reason.slice(0, 200) };
    }
  const [updated] = await tx
    .update(shopRefunds)
    .set(
      outcome.status === 'done'
        ? { status: 'done', doneAt: new Date(), updatedAt: new Date() }
        : { status: 'failed', failReason: outcome.failReason, updatedAt: new Date() },
    )
    .where(eq(shopRefunds.id, refund.id))
    .returning();
  return updated!;
}

/**
 * After refunds ran on an order in 205: S18 to 203 when none of its refunds is still open or failed
 * (docs/domain.md: "sum done = approved"); S19 (205 → 205, in the history) when one failed. A
 * payment is marked refunded when all of it went back. Orders in other statuses (a partial refund
 * keeps its fulfilment status, a cancelled order's late payment) only get their payment marked. A
 * refund without lines gives back a payment the order did not take: it does not count for S18/S19.
 */
export async function settleShopRefunds(
  tx: Db,
  order: ShopOrder,
  actor: { adminId?: number | null; note?: string } = {},
): Promise<void> {
  const [sums] = await queryRows<{ open: number; failed: number; returned: number }>(
    tx,
    sql`select count(*) filter (where status in ('created', 'transit'))::int as open,
          count(*) filter (where status = 'failed')::int as failed,
          coalesce(sum(amount) filter (where status in ('done', 'external')), 0)::int as returned
        from shop_refunds where order_id = ${order.id} and jsonb_array_length(lines) > 0`,
  );
  const returned = Number(sums?.returned ?? 0);
  await tx.execute(
    sql`update shop_payments p set status = 'refunded'
        where p.order_id = ${order.id} and p.status = 'confirmed'
          and p.amount <= (select coalesce(sum(r.amount), 0) from shop_refunds r
                           where r.payment_id = p.id and r.status in ('done', 'external'))`,
  );
  const [now] = await tx
    .select({ status: shopOrders.status })
    .from(shopOrders)
    .where(eq(shopOrders.id, order.id));
  if (now?.status !== S.refunding) return;
  if (Number(sums?.failed ?? 0) > 0)
    await transitionShopOrder(tx, {
      scenicId: order.scenicId,
      orderId: order.id,
      transition: 'S19',
      to: S.refunding,
      adminId: actor.adminId ?? null,
      note: (actor.note ?? 'refund failed').slice(0, 200),
    });
  else if (Number(sums?.open ?? 0) === 0) {
    await transitionShopOrder(tx, {
      scenicId: order.scenicId,
      orderId: order.id,
      transition: 'S18',
      to: S.refunded,
      adminId: actor.adminId ?? null,
      note: actor.note ?? '',
    });
    await queueShopMessage(tx, order, { template: 6, amount: Number(sums?.returned ?? 0) });
    // refunded in full: the coupon it used is returned (a partial refund keeps it spent)
    if (order.memberCouponId !== null && returned >= order.payAmount)
      await giveCouponBack(tx, { scenicId: order.scenicId, orderNo: order.orderNo });
  }
}

/** Creates, executes and settles one refund (S8, S13, a partial refund). */
export async function refundShopOrder(
  tx: Db,
  order: ShopOrder,
  input: ShopRefundInput,
): Promise<ShopRefundRow> {
  const created = await createShopRefund(tx, order, input);
  const done = await executeShopRefund(tx, order, created);
  await settleShopRefunds(tx, order, {
    adminId: input.adminId ?? null,
    note: done.status === 'failed' ? `${done.refundNo}: ${done.failReason}` : done.refundNo,
  });
  return done;
}

/**
 * A failed refund tried again, or recorded as paid back outside the system (`external`); then the
 * order settles (S18 when nothing is left open). 409 for a refund that is not failed.
 */
export async function retryShopRefund(
  tx: Db,
  input: { scenicId: number; refundId: number; external: boolean; note: string; adminId: number | null },
): Promise<{ refund: ShopRefundRow; order: ShopOrder }> {
  const [found] = await tx
    .select()
    .from(shopRefunds)
    .where(and(eq(shopRefunds.id, input.refundId), eq(shopRefunds.scenicId, input.scenicId)));
  if (!found) throw new AppError(404, 'shopRefundNotFound');
  const [order] = await tx.select().from(shopOrders).where(eq(shopOrders.id, found.orderId)).for('update');
  // compare-and-set: two retries of one refund never both run
  const [refund] = await tx
    .update(shopRefunds)
    .set(
      input.external
        ? {
            status: 'external',
            doneAt: new Date(),
            failReason: input.note || found.failReason,
            updatedAt: new Date(),
          }
        : { status: 'created', updatedAt: new Date() },
    )
    .where(and(eq(shopRefunds.id, found.id), eq(shopRefunds.status, 'failed')))
    .returning();
  if (!refund) throw new AppError(409, 'shopRefundNotFailed');
  const after = input.external ? refund : await executeShopRefund(tx, order!, refund);
  await settleShopRefunds(tx, order!, {
    adminId: input.adminId,
    note:
      after.status === 'failed'
        ? `${after.refundNo}: ${after.failReason}`
        : `${after.refundNo} ${input.note}`.trim(),
  });
  const [settled] = await tx.select().from(shopOrders).where(eq(shopOrders.id, found.orderId));
  return { refund: after, order: settled! };
}

/**
 * The provider's last word on a refund the refund sender sent (issue 30): done (S18 when the order's
 * refunds all are, the payment refunded) or failed with its reason (S19), in one transaction with the
 * order locked and an audit row. A refund marked outside the system meanwhile is left as it is.
 */
export async function shopRefundEnded(
  db: Db,
  scenicId: number,
  refundId: number,
  end: { ok: true; providerRefundId: string | null } | { ok: false; reason: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    const [found] = await tx
      .select({ orderId: shopRefunds.orderId })
      .from(shopRefunds)
      .where(and(eq(shopRefunds.id, refundId), eq(shopRefunds.scenicId, scenicId)));
    if (!found) return;
    const [order] = await tx.select().from(shopOrders).where(eq(shopOrders.id, found.orderId)).for('update');
    const now = new Date();
    const [ended] = await tx
      .update(shopRefunds)
      .set(
        end.ok
          ? {
              status: 'done',
              doneAt: now,
              providerRefundId: sql`coalesce(${end.providerRefundId}, ${shopRefunds.providerRefundId})`,
              updatedAt: now,
            }
          : { status: 'failed', failReason: end.reason.slice(0, 200), updatedAt: now },
      )
      .where(
        and(
          eq(shopRefunds.id, refundId),
          inArray(shopRefunds.status, end.ok ? ['created', 'transit', 'failed'] : ['created', 'transit']),
        ),
      )
      .returning();
    if (!ended) return;
    await settleShopRefunds(tx, order!, {
      note: end.ok ? ended.refundNo : `${ended.refundNo}: ${ended.failReason}`,
    });
    await recordAudit(
      tx,
      { username: SYSTEM, scenicId },
      {
        module: 'shop',
        action: end.ok ? 'refundDone' : 'refundFailed',
        targetType: 'shopRefund',
        targetId: ended.refundNo,
        after: {
          orderNo: order!.orderNo,
          amount: ended.amount,
          providerRefundId: ended.providerRefundId,
          failReason: ended.failReason,
        },
      },
    );
  });
}
