import { and, asc, eq, sql } from 'drizzle-orm';
import type { ShopOrderMoved } from '../../../../shared/api/shop-orders.ts';
import {
  SHOP_ORDER_STATUS as S,
  STOCK_MOVE,
  type StockMoveReasonCode,
} from '../../../../shared/dict/shop.ts';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../../db/client.ts';
import { AppError, FieldError } from '../../../http/errors.ts';
import { requireMember } from '../../members/index.ts';
import { settleBeforeCancel } from '../../payments/index.ts';
import { moveStock } from '../catalog/shop-goods.service.ts';
import { ShopFieldReason } from '../shop.messages.ts';
import { shopOrderLines, shopOrders, type ShopOrder } from '../shop.table.ts';

/** Which order a write names: by id (staff, scoped to the area) or by number (a member, their own). */
export type ShopOrderRef =
  | { scenicId: number; id: number; memberId?: undefined; orderNo?: undefined }
  | { scenicId: number; orderNo: string; memberId: number; id?: undefined };

/**
 * Locks the order (`FOR UPDATE`) in the caller's transaction: every write of one order waits for
 * the one before, so each reads the status the other left. Another area's order, or another
 * member's, is 404.
 */
const whereRef = (ref: ShopOrderRef) =>
  ref.id != null
    ? and(eq(shopOrders.id, ref.id), eq(shopOrders.scenicId, ref.scenicId))
    : and(
        eq(shopOrders.orderNo, ref.orderNo),
        eq(shopOrders.scenicId, ref.scenicId),
        eq(shopOrders.memberId, ref.memberId),
      );

/**
 * Before a person cancels or closes an unpaid order (S3, S4), outside the move's transaction: its
 * payments in flight at WeChat Pay or Alipay are settled (paid: the move then answers 409) or closed
 * there, so nothing is paid for a cancelled order; 502 when the provider cannot answer.
 */
export async function settleShopPaymentsBeforeCancel(db: Db, ref: ShopOrderRef): Promise<void> {
  const [order] = await db
    .select({ orderNo: shopOrders.orderNo, status: shopOrders.status })
    .from(shopOrders)
    .where(whereRef(ref));
  if (order?.status === S.pendingPayment) await settleBeforeCancel(db, ref.scenicId, 'shop', order.orderNo);
}

export async function lockShopOrder(tx: Db, ref: ShopOrderRef): Promise<ShopOrder> {
  const [order] = await tx.select().from(shopOrders).where(whereRef(ref)).for('update');
  if (!order) throw new AppError(404, 'shopOrderNotFound');
  return order;
}

/** The signed-in member's own order of that number in the calling area; 404 for anyone else's. */
export async function memberShopOrder(db: Db, req: FastifyRequest, orderNo: string): Promise<ShopOrder> {
  const { scenicId, memberId } = await requireMember(db, req);
  const [order] = await db
    .select()
    .from(shopOrders)
    .where(
      and(
        eq(shopOrders.scenicId, scenicId),
        eq(shopOrders.orderNo, orderNo),
        eq(shopOrders.memberId, memberId),
      ),
    );
  if (!order) throw new AppError(404, 'shopOrderNotFound');
  return order;
}

export async function reloadShopOrder(tx: Db, id: number): Promise<ShopOrder> {
  const [order] = await tx.select().from(shopOrders).where(eq(shopOrders.id, id));
  if (!order) throw new AppError(404, 'shopOrderNotFound');
  return order;
}

export const movedOf = (o: ShopOrder): ShopOrderMoved => ({
  id: o.id,
  orderNo: o.orderNo,
  status: o.status,
  payAmount: o.payAmount,
  refundedAmount: o.refundedAmount,
});

export type ShopLine = typeof shopOrderLines.$inferSelect;

export async function linesOf(tx: Db, orderId: number): Promise<ShopLine[]> {
  return tx
    .select()
    .from(shopOrderLines)
    .where(eq(shopOrderLines.orderId, orderId))
    .orderBy(asc(shopOrderLines.id));
}

/** A line's part of a refund: how many pieces and the cents they return. */
export interface RefundLine {
  lineId: number;
  quantity: number;
  amount: number;
}

/**
 * What each line was really paid: its amount less its share of the coupon's discount (in proportion
 * to the lines' amounts, the rounding remainder on the last line), so refunds per line add up to
 * what the buyer paid.
 */
export function netOfLines(order: ShopOrder, lines: ShopLine[]): Map<number, number> {
  const net = new Map<number, number>();
  let given = 0;
  lines.forEach((l, i) => {
    const share =
      i === lines.length - 1
        ? order.discount - given
        : order.goodsAmount === 0
          ? 0
          : Math.floor((order.discount * l.amount) / order.goodsAmount);
    given += share;
    net.set(l.id, l.amount - share);
  });
  return net;
}

/**
 * The lines and cents of a refund of `asked` (default: everything not refunded yet). A line's last
 * pieces take what is left of it, so rounding never loses a cent; the refund that empties the order
 * also returns the freight. `field` names the input for 400s (`lines.0.quantity`).
 */
export function refundLinesOf(
  order: ShopOrder,
  lines: ShopLine[],
  asked: { lineId: number; quantity: number }[] | undefined,
  field = 'lines',
): { lines: RefundLine[]; amount: number; all: boolean } {
  const net = netOfLines(order, lines);
  const wanted =
    asked ??
    lines
      .filter((l) => l.quantity > l.refundedQuantity)
      .map((l) => ({ lineId: l.id, quantity: l.quantity - l.refundedQuantity }));
  const out = wanted.map((w, i) => {
    const line = lines.find((l) => l.id === w.lineId);
    if (!line) throw new FieldError(`${field}.${i}.lineId`, ShopFieldReason.lineNotOfOrder);
    const left = line.quantity - line.refundedQuantity;
    if (w.quantity > left) throw new FieldError(`${field}.${i}.quantity`, ShopFieldReason.quantityAboveLeft);
    const lineNet = net.get(line.id)!;
    const amount =
      w.quantity === left
        ? lineNet - line.refundedAmount
        : Math.floor((lineNet * w.quantity) / line.quantity);
    return { lineId: line.id, quantity: w.quantity, amount: Math.max(0, amount) };
  });
  if (out.length === 0) throw new AppError(409, 'shopNothingToRefund');
  const all = lines.every(
    (l) => l.quantity - l.refundedQuantity === (out.find((o) => o.lineId === l.id)?.quantity ?? 0),
  );
  let amount = out.reduce((sum, l) => sum + l.amount, 0);
  if (all) amount = order.payAmount - order.refundedAmount;
  if (amount <= 0) throw new AppError(409, 'shopNothingToRefund');
  return { lines: out, amount, all };
}

/**
 * Puts the pieces back on their SKUs through the ledger (6 cancelled, 7 returned), in SKU id order
 * like placing; a SKU deleted since is skipped (the line keeps its snapshot only).
 */
export async function restock(
  tx: Db,
  order: ShopOrder,
  lines: ShopLine[],
  pieces: { lineId: number; quantity: number }[],
  reason: StockMoveReasonCode,
  adminId: number | null = null,
): Promise<void> {
  const moves = pieces
    .map((p) => ({ line: lines.find((l) => l.id === p.lineId)!, quantity: p.quantity }))
    .filter((m) => m.line.skuId != null && m.quantity > 0)
    .sort((a, b) => a.line.skuId! - b.line.skuId!);
  for (const m of moves)
    await moveStock(tx, {
      scenicId: order.scenicId,
      skuId: m.line.skuId!,
      delta: m.quantity,
      reason,
      orderId: order.id,
      adminId,
    });
}

/** Every line's unrefunded pieces back (S3, S4: the order was never paid, nothing was refunded). */
export async function restockWhole(tx: Db, order: ShopOrder, adminId: number | null = null) {
  const lines = await linesOf(tx, order.id);
  await restock(
    tx,
    order,
    lines,
    lines.map((l) => ({ lineId: l.id, quantity: l.quantity - l.refundedQuantity })),
    STOCK_MOVE.orderCancelled,
    adminId,
  );
}

/** goods.sales follows the pieces paid for (up at payment, down by refunds); never below 0. */
export async function moveSales(
  tx: Db,
  lines: ShopLine[],
  pieces: { lineId: number; quantity: number }[],
  sign: 1 | -1,
) {
  for (const p of pieces) {
    const line = lines.find((l) => l.id === p.lineId);
    if (line?.goodsId == null || p.quantity === 0) continue;
    await tx.execute(
      sql`update shop_goods set sales = greatest(0, sales + ${sign * p.quantity}) where id = ${line.goodsId}`,
    );
  }
}
