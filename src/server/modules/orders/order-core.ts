import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { TICKET_STATUS as S, type PayWayCode } from '../../../shared/dict/order.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { actorOfRequest, recordAudit, SYSTEM, type AuditActor } from '../audit/index.ts';
import type { payments } from './orders.table.ts';
import { orderTickets, ticketOrders } from './orders.table.ts';
import { addDays, areaInstant } from '../../lib/area-clock.ts';

/** What the parts of the order aggregate share: records, constants, the audit row, lookups, locks. */
export type OrderRecord = typeof ticketOrders.$inferSelect;
export type TicketRecord = typeof orderTickets.$inferSelect;
export type PaymentRecord = typeof payments.$inferSelect;

/** How long an unpaid order holds its inventory (T1 → T5). */
export const PAYMENT_DEADLINE_MINUTES = 15;
/** Pay ways a seller may confirm together with the order (T2): cash, POS, on account. */
export const OFFLINE_PAY_WAYS: readonly PayWayCode[] = [1, 99, 98];
/** Statuses whose tickets no longer count (limits per ID number, seats). */
export const DEAD_STATUSES = [S.userCancelled, S.systemCancelled, S.refunded, S.invalid] as const;

/** Who did it, for the audit row written in the same transaction (the area comes from the order). */
export type Actor = Omit<AuditActor, 'scenicId'>;

export const SYSTEM_ACTOR: Actor = { adminId: null, username: SYSTEM };

/** The actor of a request: the logged-in account, or the machine client. */
export function actorOf(req: FastifyRequest): Actor {
  return actorOfRequest(req);
}

/** An order's audit row: module orders, target the ticket order (audit.service.ts writes it). */
export function audit(
  tx: Db,
  actor: Actor | undefined,
  scenicId: number,
  entry: { action: string; targetId: string | number; after?: unknown; before?: unknown },
) {
  return recordAudit(
    tx,
    { ...(actor ?? SYSTEM_ACTOR), scenicId },
    { module: 'orders', targetType: 'ticketOrder', ...entry },
  );
}

// ---------------------------------------------------------------- dates (the area's clock)

/** The instant of "HH:mm" (default 00:00) on the area's day `day` plus `days`. */
export const at = (timeZone: string, day: string, days = 0, time = '00:00'): Date =>
  areaInstant(addDays(day, days), time, timeZone);

// ---------------------------------------------------------------- lookups

export async function findOrderByNo(db: Db, scenicId: number, orderNo: string): Promise<OrderRecord | null> {
  const [row] = await db
    .select()
    .from(ticketOrders)
    .where(and(eq(ticketOrders.scenicId, scenicId), eq(ticketOrders.orderNo, orderNo)));
  return row ?? null;
}

export async function orderTicketsOf(db: Db, orderId: number): Promise<TicketRecord[]> {
  return db.select().from(orderTickets).where(eq(orderTickets.orderId, orderId)).orderBy(orderTickets.id);
}

/** Locks the order row (FOR UPDATE): payments, cancels and the expiry job of one order take turns. */
export async function lockOrder(
  tx: Db,
  scenicId: number,
  where: { id?: number; orderNo?: string },
): Promise<OrderRecord> {
  const [order] = await tx
    .select()
    .from(ticketOrders)
    .where(
      and(
        eq(ticketOrders.scenicId, scenicId),
        where.id != null ? eq(ticketOrders.id, where.id) : eq(ticketOrders.orderNo, where.orderNo ?? ''),
      ),
    )
    .for('update');
  if (!order) throw new AppError(404, 'orderNotFound');
  return order;
}
