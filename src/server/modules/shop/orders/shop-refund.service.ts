import crypto from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { BALANCE_OP } from '../../../../shared/dict/members.ts';
import { PAY_WAY_MEMBER_BALANCE } from '../../../../shared/dict/order.ts';
import { SHOP_ORDER_STATUS as S } from '../../../../shared/dict/shop.ts';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/rows.ts';
import { AppError } from '../../../http/errors.ts';
import { giveCouponBack } from '../../coupons/index.ts';
import { creditBalance } from '../../members/index.ts';
import { linesOf, moveSales, type RefundLine } from './shop-order-common.ts';
import { transitionShopOrder } from './shop-order-state.service.ts';
import { shopOrderLines, shopOrders, shopPayments, shopRefunds, type ShopOrder } from '../shop.table.ts';

/**
 * Refunds of shop orders (docs/decisions.md "Online shop"): a refund row is written with the lines
 * and cents it returns (the lines' and the order's refunded amounts and the goods' sales move at
 * once, so two refunds can never return the same pieces), then executed: a balance payment (pay
 * way 9) is credited back to the member in the same transaction; any other pay way goes through
 * the shop's refund provider of that pay way (by default `offline`: the money is handed back
 * outside the system and the refund is done at once). A refund that fails stays `failed` (S19 on
 * an order in 205) until `retryRefund` tries again or records it as paid back outside.
 */

export type ShopRefundRow = typeof shopRefunds.$inferSelect;

/** Moves money back for one refund; throws (any error) when the provider refuses. */
export interface ShopRefundProvider {
  name: string;
  refund(input: { refundNo: string; providerTxnId: string | null; amount: number }): Promise<{
    providerRefundId: string | null;
  }>;
}

/** Money taken outside the system or by a provider without an online refund: handed back at once. */
export const offlineShopRefunds: ShopRefundProvider = {
  name: 'offline',
  refund: () => Promise.resolve({ providerRefundId: null }),
};

const providers = new Map<number, ShopRefundProvider>();

/** An online provider's refunds for a pay way (registered at start; `null` puts the offline one back). */
export function registerShopRefundProvider(payWay: number, provider: ShopRefundProvider | null): void {
  if (provider) providers.set(payWay, provider);
  else providers.delete(payWay);
}

const newRefundNo = () => `SR${Date.now()}${crypto.randomInt(0, 1_000_000).toString().padStart(6, '0')}`;

/** What a refund returns: the lines and their cents, why, and the after-sales request or staff behind it. */
export interface ShopRefundInput {
  lines: RefundLine[];
  amount: number;
  reason: string;
  aftersaleId?: number | null;
  adminId?: number | null;
}

/**
 * Writes a refund of these lines (cents already computed, `refundLinesOf`) against the order's
 * confirmed payment, in the caller's transaction; the lines', the order's refunded amounts and the
 * goods' sales move now. Not executed yet (`executeShopRefund`).
 */
export async function createShopRefund(
  tx: Db,
  order: ShopOrder,
  input: ShopRefundInput,
): Promise<ShopRefundRow> {
  const [payment] = await tx
    .select()
    .from(shopPayments)
    .where(and(eq(shopPayments.orderId, order.id), eq(shopPayments.status, 'confirmed')))
    .limit(1);
  if (!payment) throw new AppError(409, 'shopRefundNoPayment');
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
 * Executes a created (or failed, retried) refund: `done` with the time, or `failed` with why. The
 * money moves in a savepoint, so a refusal leaves nothing half-done. Answers the refund as it is now.
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
  let outcome: { status: 'done'; providerRefundId: string | null } | { status: 'failed'; failReason: string };
  try {
    outcome = await tx.transaction(async (sp) => {
      if (refund.payWay === PAY_WAY_MEMBER_BALANCE) {
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
        return { status: 'done' as const, providerRefundId: null };
      }
      const provider = providers.get(refund.payWay) ?? offlineShopRefunds;
      const answer = await provider.refund({
        refundNo: refund.refundNo,
        providerTxnId: payment?.providerTxnId ?? null,
        amount: refund.amount,
      });
      return { status: 'done' as const, providerRefundId: answer.providerRefundId };
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
        ? {
            status: 'done',
            doneAt: new Date(),
            providerRefundId: outcome.providerRefundId,
            updatedAt: new Date(),
          }
        : { status: 'failed', failReason: outcome.failReason, updatedAt: new Date() },
    )
    .where(eq(shopRefunds.id, refund.id))
    .returning();
  return updated!;
}

/**
 * After refunds ran on an order in 205: S18 to 203 when none of its refunds is still open or failed
 * (docs/domain.md: "sum done = approved"), the payment marked refunded when all of it went back;
 * S19 (205 → 205, in the history) when one failed. Orders in other statuses (a partial refund
 * keeps its fulfilment status) only get their payment marked.
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
        from shop_refunds where order_id = ${order.id}`,
  );
  const returned = Number(sums?.returned ?? 0);
  if (returned >= order.payAmount && order.payAmount > 0)
    await tx
      .update(shopPayments)
      .set({ status: 'refunded' })
      .where(and(eq(shopPayments.orderId, order.id), eq(shopPayments.status, 'confirmed')));
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
