import { and, eq, inArray, sql } from 'drizzle-orm';
import { TICKET_STATUS as S } from '../../../shared/dict/order.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { orderTickets } from './orders.table.ts';
import { transitionTickets } from './ticket-state.service.ts';
import { rowsOf } from '../../db/rows.ts';
import { areaDay, areaTimeZone } from '../../lib/area-clock.ts';
import { type Actor, type TicketRecord, audit, lockOrder, orderTicketsOf } from './order-core.ts';
import { releaseInventory } from './order-stock.ts';

/** Issuing tickets (T8: printed, bound) and voiding them (T23). */

export function ticketsOfOrder(all: TicketRecord[], ids: readonly number[] | undefined): TicketRecord[] {
  if (!ids) return all;
  const picked = all.filter((t) => ids.includes(t.id));
  if (picked.length !== new Set(ids).size) throw new AppError(404, 'notFound');
  return picked;
}

/**
 * T8: issues tickets (window print, card bind, OTA voucher): unused → ticketed, print count + 1.
 * Tickets already ticketed count one more print (a reprint). 409 for any other status.
 */
export async function issueTickets(
  db: Db,
  input: {
    scenicId: number;
    orderId: number;
    ticketIds?: number[];
    adminId: number;
    actor?: Actor;
    now?: Date;
  },
): Promise<TicketRecord[]> {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, input.scenicId, { id: input.orderId });
    const picked = ticketsOfOrder(await orderTicketsOf(tx, order.id), input.ticketIds);
    const now = input.now ?? new Date();
    if (picked.some((t) => t.validUntil <= now)) throw new AppError(409, 'transitionNotAllowed');
    const fresh = picked.filter((t) => t.status === S.unused);
    const reprint = picked.filter((t) => t.status === S.ticketed);
    if (!picked.length || fresh.length + reprint.length !== picked.length)
      throw new AppError(409, 'transitionNotAllowed');
    if (fresh.length)
      await transitionTickets(tx, {
        scenicId: order.scenicId,
        ticketIds: fresh.map((t) => t.id),
        transition: 'T8',
        to: S.ticketed,
        extra: sql`print_count = print_count + 1`,
      });
    if (reprint.length)
      await tx
        .update(orderTickets)
        .set({ printCount: sql`${orderTickets.printCount} + 1`, updatedAt: now })
        .where(
          and(
            inArray(
              orderTickets.id,
              reprint.map((t) => t.id),
            ),
            eq(orderTickets.status, S.ticketed),
          ),
        );
    await audit(tx, input.actor ?? { adminId: input.adminId, username: '' }, order.scenicId, {
      action: 'issue',
      targetId: order.orderNo,
      after: { transition: 'T8', issued: fresh.map((t) => t.id), reprinted: reprint.map((t) => t.id) },
    });
    return ticketsOfOrder(
      await orderTicketsOf(tx, order.id),
      picked.map((t) => t.id),
    );
  });
}

/**
 * T23: voids tickets without refund (unused, ticketed or expired, never entered): the secret is
 * revoked and stock or seats of a future date go back on sale.
 */
export async function voidTickets(
  db: Db,
  input: {
    scenicId: number;
    orderId: number;
    ticketIds: number[];
    reason: string;
    adminId: number;
    actor?: Actor;
    now?: Date;
  },
): Promise<TicketRecord[]> {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, input.scenicId, { id: input.orderId });
    const picked = ticketsOfOrder(await orderTicketsOf(tx, order.id), input.ticketIds);
    if (!picked.length || picked.some((t) => t.entryCount > 0))
      throw new AppError(409, 'transitionNotAllowed');
    const [entered] = rowsOf<{ n: number }>(
      await tx.execute(
        sql`select count(*)::int as n from gate_events where direction = 'entry' and ticket_id in (${sql.join(
          picked.map((t) => sql`${t.id}`),
          sql`, `,
        )})`,
      ),
    );
    if (Number(entered?.n ?? 0) > 0) throw new AppError(409, 'transitionNotAllowed');
    await transitionTickets(tx, {
      scenicId: order.scenicId,
      ticketIds: picked.map((t) => t.id),
      transition: 'T23',
      to: S.invalid,
      extra: sql`code = null`,
    });
    const today = areaDay(input.now ?? new Date(), await areaTimeZone(tx, order.scenicId));
    const future = picked.filter((t) => t.status !== S.expired && t.visitDate >= today);
    await releaseInventory(tx, order, future, true);
    await audit(tx, input.actor ?? { adminId: input.adminId, username: '' }, order.scenicId, {
      action: 'void',
      targetId: order.orderNo,
      after: {
        transition: 'T23',
        tickets: picked.map((t) => t.id),
        reason: input.reason,
        released: future.length,
      },
    });
    return ticketsOfOrder(
      await orderTicketsOf(tx, order.id),
      picked.map((t) => t.id),
    );
  });
}
