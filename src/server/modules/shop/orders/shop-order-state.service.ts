import { sql } from 'drizzle-orm';
import type { ShopOrderStatusCode } from '../../../../shared/dict/shop.ts';
import {
  shopTransitionRows,
  type ShopOrderTransitionId,
} from '../../../../shared/domain/shop-order-transitions.ts';
import type { Db } from '../../../db/client.ts';
import { rowsOf } from '../../../db/rows.ts';
import { AppError } from '../../../http/errors.ts';
import { shopOrderHistory } from '../shop.table.ts';

export interface ShopOrderMove {
  scenicId: number;
  orderId: number;
  transition: ShopOrderTransitionId;
  to: ShopOrderStatusCode;
  /** who moved it: a staff account or the buyer */
  adminId?: number | null;
  memberId?: number | null;
  note?: string;
  /** more columns set in the same statement (e.g. `shipped_at = now()`) */
  extra?: ReturnType<typeof sql>;
}

const list = (codes: readonly number[]) =>
  sql.join(
    codes.map((c) => sql`${c}`),
    sql`, `,
  );

/**
 * Moves one shop order along one transition of docs/domain.md (S1-S23) by compare-and-set, inside
 * the caller's transaction: `UPDATE … WHERE status = ANY(from)` (and, for S15 and S17, the status
 * before the refund request the row of the table names), then its history row. When the order is in
 * no status the transition starts from (or someone moved it first), nothing changes: 409.
 * S7/S12/S16 keep the status before the request; S15/S17 clear it.
 */
export async function transitionShopOrder(
  tx: Db,
  move: ShopOrderMove,
): Promise<{ from: ShopOrderStatusCode }> {
  const rows = shopTransitionRows(move.transition, move.to).filter((t) => t.from.length > 0);
  if (rows.length === 0) throw new AppError(409, 'shopTransitionNotAllowed');
  const conditions = rows.map((t) => {
    const parts = [sql`status in (${list(t.from)})`];
    if (t.restoresBefore) parts.push(sql`status_before_refund = ${t.to}`);
    if (t.before) parts.push(sql`status_before_refund in (${list(t.before)})`);
    return sql`(${sql.join(parts, sql` and `)})`;
  });
  const keepsBefore = ['S7', 'S12'].includes(move.transition);
  const clearsBefore = ['S15', 'S17'].includes(move.transition);
  const before = keepsBefore
    ? sql`, status_before_refund = shop_orders.status`
    : clearsBefore
      ? sql`, status_before_refund = null`
      : sql``;
  const extra = move.extra ? sql`, ${move.extra}` : sql``;
  // the row is locked first, so the history names the status it really left
  const [locked] = rowsOf<{ status: number }>(
    await tx.execute(sql`select status from shop_orders
      where id = ${move.orderId} and scenic_id = ${move.scenicId} for update`),
  );
  if (!locked) throw new AppError(404, 'shopOrderNotFound');
  const updated = rowsOf<{ id: number }>(
    await tx.execute(sql`update shop_orders set status = ${move.to}, updated_at = now()${before}${extra}
      where id = ${move.orderId} and scenic_id = ${move.scenicId}
        and (${sql.join(conditions, sql` or `)})
      returning id`),
  );
  if (updated.length === 0) throw new AppError(409, 'shopTransitionNotAllowed');
  const from = locked.status as ShopOrderStatusCode;
  await tx.insert(shopOrderHistory).values({
    scenicId: move.scenicId,
    orderId: move.orderId,
    transition: move.transition,
    fromStatus: from,
    toStatus: move.to,
    adminId: move.adminId ?? null,
    memberId: move.memberId ?? null,
    note: move.note ?? '',
  });
  return { from };
}
