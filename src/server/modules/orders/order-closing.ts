import { and, eq, inArray, sql } from 'drizzle-orm';
import { PAY_STATUS, TICKET_STATUS as S } from '../../../shared/dict/order.ts';
import { ENTRY_MODE } from '../../../shared/dict/product.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { orderCancelled } from './order-money.ts';
import { payments, ticketOrders } from './orders.table.ts';
import { transitionTickets } from './ticket-state.service.ts';
import { rowsOf } from '../../db/rows.ts';
import {
  type Actor,
  type OrderRecord,
  SYSTEM_ACTOR,
  type TicketRecord,
  audit,
  lockOrder,
  orderTicketsOf,
} from './order-core.ts';
import { releaseInventory } from './order-stock.ts';

/** Closing orders and tickets: cancel (T4, T5), the unpaid-order deadline, validity end (T24, T14, T13). */

export async function cancelLocked(
  tx: Db,
  order: OrderRecord,
  tickets: readonly TicketRecord[],
  transition: 'T4' | 'T5',
  actor: Actor | undefined,
  now: Date,
  reason = '',
): Promise<void> {
  const pending = tickets.filter((t) => t.status === S.pendingPayment);
  if (!pending.length || order.payStatus !== PAY_STATUS.unpaid)
    throw new AppError(409, 'transitionNotAllowed');
  const to = transition === 'T4' ? S.userCancelled : S.systemCancelled;
  await transitionTickets(tx, {
    scenicId: order.scenicId,
    ticketIds: pending.map((t) => t.id),
    transition,
    to,
  });
  await releaseInventory(tx, order, pending, false);
  await orderCancelled(tx, order);
  await tx
    .update(payments)
    .set({ status: 'canceled', updatedAt: now })
    .where(and(eq(payments.orderId, order.id), inArray(payments.status, ['created', 'pending'])));
  await tx
    .update(ticketOrders)
    .set({
      payStatus: transition === 'T5' ? PAY_STATUS.timedOut : PAY_STATUS.unpaid,
      cancelledAt: now,
      expiresAt: null,
      updatedAt: now,
    })
    .where(eq(ticketOrders.id, order.id));
  await audit(tx, actor, order.scenicId, {
    action: transition === 'T4' ? 'cancel' : 'systemCancel',
    targetId: order.orderNo,
    after: { transition, tickets: pending.length, reason },
  });
}

/**
 * T4 (the customer) or T5 (staff) for an unpaid order: its tickets are cancelled and its stock and
 * seats released. 409 when the order is not pending payment (paid orders go through refunds).
 */
export async function cancelOrder(
  db: Db,
  input: {
    scenicId: number;
    orderId: number;
    by: 'customer' | 'staff';
    adminId?: number | undefined;
    reason?: string | undefined;
    actor?: Actor | undefined;
    now?: Date | undefined;
  },
): Promise<OrderRecord> {
  const now = input.now ?? new Date();
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, input.scenicId, { id: input.orderId });
    const actor = input.actor ?? (input.adminId ? { adminId: input.adminId, username: '' } : undefined);
    await cancelLocked(
      tx,
      order,
      await orderTicketsOf(tx, order.id),
      input.by === 'customer' ? 'T4' : 'T5',
      actor,
      now,
      input.reason,
    );
    return lockOrder(tx, order.scenicId, { id: order.id });
  });
}

/**
 * T5 for unpaid orders past their deadline, in batches. `FOR UPDATE SKIP LOCKED`: several
 * instances may run it at once, and an order being paid right now is skipped (its payment
 * decides). Returns how many orders were cancelled.
 */
export async function expireUnpaidOrders(
  db: Db,
  now = new Date(),
  batch = 100,
  inFlight: ReadonlySet<string> = new Set(),
): Promise<number> {
  let total = 0;
  // an order whose payment is in flight at a provider (PaymentProvider.settleBeforeExpiry) waits
  const waiting = inFlight.size
    ? sql`and ${ticketOrders.orderNo} not in (${sql.join(
        [...inFlight].map((id) => sql`${id}`),
        sql`, `,
      )})`
    : sql``;
  for (;;) {
    const n = await db.transaction(async (tx) => {
      const due = await tx
        .select()
        .from(ticketOrders)
        // only orders still pending: a user-cancelled order stays unpaid (101) but is no longer due
        .where(
          and(
            eq(ticketOrders.payStatus, PAY_STATUS.unpaid),
            eq(ticketOrders.status, S.pendingPayment),
            sql`${ticketOrders.expiresAt} < ${now} ${waiting}`,
          ),
        )
        .orderBy(ticketOrders.expiresAt)
        .limit(batch)
        .for('update', { skipLocked: true });
      for (const order of due) {
        const tickets = await orderTicketsOf(tx, order.id);
        if (!tickets.some((t) => t.status === S.pendingPayment)) continue;
        await cancelLocked(tx, order, tickets, 'T5', SYSTEM_ACTOR, now, 'paymentDeadline');
      }
      return due.length;
    });
    total += n;
    if (n < batch) return total;
  }
}

/**
 * docs/domain.md T13: the exit event of each visitor still inside (302) when their ticket closes, so the
 * log and the count of visitors inside balance. Written by the system: no gate, device "system",
 * result `dayClose`; the nonce names the ticket, so a rerun of the job writes none twice.
 */
export async function writeClosingExits(tx: Db, ticketIds: number[], now: Date): Promise<void> {
  await tx.execute(sql`insert into gate_events (scenic_id, gate_id, device_id, nonce, direction,
      entry_type, read_mode, ticket_id, order_id, result, visitor_name, scanned_at)
    select t.scenic_id, null, 'system', 'T13-' || t.id, 'exit', 1, null, t.id, t.order_id, 'dayClose',
      left(t.visitor_name, 50), ${now.toISOString()}::timestamptz
    from order_tickets t
    where t.id in (${sql.join(
      ticketIds.map((id) => sql`${id}`),
      sql`, `,
    )}) and t.status = ${S.entered}
    on conflict (device_id, nonce) do nothing`);
}

/**
 * The validity-end job: T24 (unused or ticketed, never entered, past valid_until → expired), T14
 * (in use past valid_until → used) and T13 (entered or left: single-entry tickets after the day
 * of their entry, others past valid_until → used). Batches with SKIP LOCKED. "The day of their
 * entry" is a day of the ticket's area (scenic_areas.time_zone), whatever the server's zone.
 */
export async function expireTickets(
  db: Db,
  now = new Date(),
): Promise<{ expired: number; used: number; closed: number }> {
  const nowParam = sql`${now.toISOString()}::timestamptz`;
  // the first instant of the area's current day
  const today = sql`(((${nowParam} at time zone a.time_zone)::date)::timestamp at time zone a.time_zone)`;
  const run = async (
    transition: 'T24' | 'T14' | 'T13',
    to: typeof S.expired | typeof S.used,
    where: ReturnType<typeof sql>,
  ) => {
    let count = 0;
    for (;;) {
      const n = await db.transaction(async (tx) => {
        const rows = rowsOf<{ id: string | number; scenic_id: number; order_id: string | number }>(
          await tx.execute(sql`select t.id, t.scenic_id, t.order_id from order_tickets t
            join ticket_products p on p.id = t.product_id
            join scenic_areas a on a.id = t.scenic_id
            where ${where} order by t.id limit 500 for update of t skip locked`),
        );
        if (transition === 'T13' && rows.length)
          await writeClosingExits(
            tx,
            rows.map((r) => Number(r.id)),
            now,
          );
        const byScenic = new Map<number, number[]>();
        for (const r of rows) byScenic.set(r.scenic_id, [...(byScenic.get(r.scenic_id) ?? []), Number(r.id)]);
        for (const [scenicId, ticketIds] of byScenic)
          await transitionTickets(tx, { scenicId, ticketIds, transition, to });
        return rows.length;
      });
      count += n;
      if (n < 500) return count;
    }
  };
  const expired = await run(
    'T24',
    S.expired,
    sql`t.status in (${S.unused}, ${S.ticketed}) and t.valid_until < ${now} and t.entry_count = 0`,
  );
  const used = await run('T14', S.used, sql`t.status = ${S.inUse} and t.valid_until < ${now}`);
  const closed = await run(
    'T13',
    S.used,
    sql`t.status in (${S.entered}, ${S.left}) and (t.valid_until < ${now}
      or (p.entry_mode = ${ENTRY_MODE.single} and coalesce(t.first_entry_at, t.valid_from) < ${today}))`,
  );
  return { expired, used, closed };
}
