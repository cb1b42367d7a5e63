import { and, eq, inArray } from 'drizzle-orm';
import type { CardOrderStatusCode } from '../../../shared/dict/cards.ts';
import {
  CARD_ORDER_TRANSITIONS,
  cardTransitionFrom,
  cardTransitionTo,
  type CardOrderTransition,
  type CardOrderTransitionId,
} from '../../../shared/domain/card-order-transitions.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { cardOrders, type CardOrder } from './card-orders.table.ts';

/**
 * Moves one card order along one transition of docs/domain.md (C3-C10, the table of
 * src/shared/domain/card-order-transitions.ts) by compare-and-set: `UPDATE … WHERE status = ANY(from)`,
 * narrowed to `from` (the status the caller read) when given, inside the caller's transaction. 409
 * `cardOrderMoved` when the order is in no status the transition starts from (someone moved it first).
 * `values` sets more columns in the same statement.
 */
export async function transitionCardOrder(
  tx: Db,
  input: {
    id: number;
    transition: CardOrderTransitionId;
    from?: CardOrderStatusCode | number;
    values?: Partial<typeof cardOrders.$inferInsert>;
    now?: Date;
  },
): Promise<CardOrder> {
  const allowed = cardTransitionFrom(input.transition).filter(
    (s) => input.from === undefined || s === input.from,
  );
  if (!allowed.length) throw new AppError(409, 'cardOrderMoved');
  const [moved] = await tx
    .update(cardOrders)
    .set({ ...input.values, status: cardTransitionTo(input.transition), updatedAt: input.now ?? new Date() })
    .where(and(eq(cardOrders.id, input.id), inArray(cardOrders.status, allowed)))
    .returning();
  if (!moved) throw new AppError(409, 'cardOrderMoved');
  return moved;
}

/**
 * The one move of the table from the status `order` was read in to `values.status` (C7 or C8 to 203,
 * C10 to 501 …), as transitionCardOrder: 409 when the table has no such edge or the order moved.
 */
export async function moveCardOrderTo(
  tx: Db,
  order: Pick<CardOrder, 'id' | 'status'>,
  values: Partial<typeof cardOrders.$inferInsert> & { status: number },
  now?: Date,
): Promise<CardOrder> {
  const edge = (CARD_ORDER_TRANSITIONS as readonly CardOrderTransition[]).find(
    (t) => t.to === values.status && (t.from as readonly number[]).includes(order.status),
  );
  if (!edge) throw new AppError(409, 'cardOrderMoved');
  return transitionCardOrder(tx, {
    id: order.id,
    transition: edge.id as CardOrderTransitionId,
    from: order.status,
    values,
    ...(now ? { now } : {}),
  });
}
