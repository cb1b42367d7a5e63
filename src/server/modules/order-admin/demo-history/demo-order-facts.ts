import { sql, type SQL } from 'drizzle-orm';
import { TICKET_STATUS as S } from '../../../../shared/dict/order.ts';
import { addOrderTotals, beginBulkLoad, recomputeOrderStatuses } from '../../orders/index.ts';
import type { Db } from '../../../db/client.ts';
import { rowsOf } from '../../../db/rows.ts';
import { feeOf, PATHS, type DemoArea, type OrderPlan, type Rng } from './demo-order-plans.ts';

/**
 * One batch of the demo history written: orders and tickets, then the facts behind each outcome
 * (payments, the ticket transitions replayed step by step, refund applications and refunds, gate
 * events), set-based, in one transaction.
 */

export const json = (value: unknown) => sql`${JSON.stringify(value)}::json`;
/** `= any(…)` over an id list: an array, so the planner uses the primary key, not a scan per batch. */
export const anyOf = (ids: readonly number[]): SQL =>
  sql`= any(array(select (value)::bigint from json_array_elements_text(${json(ids)})))`;

type OwnTickets = { id: number; price: number }[];

interface RefundPlan {
  orderNo: string;
  orderId: number;
  tickets: OwnTickets;
  fee: number;
  at: Date;
}

/** The gates of the area the history passes: entry (10) and exit (11) gates. */
export interface DemoGates {
  entry: number[];
  exit: number[];
}

/** Inserts the orders; answers their ids by order number. */
async function insertOrders(tx: Db, orderRows: Record<string, unknown>[]): Promise<Map<string, number>> {
  const inserted = rowsOf<{ id: number; order_no: string }>(
    await tx.execute(sql`insert into ticket_orders (order_no, scenic_id, channel, client_id, admin_id, tier_id, buyer_name,
        buyer_phone, visit_date, ticket_count, total_amount, paid_amount, pay_status, pay_way, status, paid_at,
        cancelled_at, expires_at, created_at, updated_at)
      select order_no, scenic_id, channel, client_id, admin_id, tier_id, buyer_name, buyer_phone, visit_date, ticket_count,
        total_amount, paid_amount, pay_status, pay_way, status, paid_at, cancelled_at, expires_at, created_at, created_at
      from json_to_recordset(${json(orderRows)}) as x(order_no text, scenic_id int, channel smallint,
        client_id text, admin_id int, tier_id int, buyer_name text, buyer_phone text, visit_date date, ticket_count int, total_amount int,
        paid_amount int, pay_status smallint, pay_way smallint, status smallint, paid_at timestamptz,
        cancelled_at timestamptz, expires_at timestamptz, created_at timestamptz)
      returning id, order_no`),
  );
  return new Map(inserted.map((o) => [o.order_no, Number(o.id)]));
}

/** Inserts the tickets of the planned orders; answers them by order id. */
async function insertTickets(tx: Db, plans: OrderPlan[], orderId: Map<string, number>) {
  const ticketRows = plans.flatMap((p) => p.tickets.map((t) => ({ ...t, order_id: orderId.get(p.orderNo) })));
  const tickets = rowsOf<{ id: number; order_id: number; price: number }>(
    await tx.execute(sql`insert into order_tickets (order_id, scenic_id, product_id, product_type, session_id, period_id,
        visit_date, valid_from, valid_until, price, retail_floor, visitor_name, visitor_id_number, visitor_phone, code, status, entries_left)
      select order_id, scenic_id, product_id, product_type, session_id, period_id, visit_date, valid_from, valid_until,
        price, retail_floor, visitor_name, visitor_id_number, visitor_phone, code, status, entries_left
      from json_to_recordset(${json(ticketRows)}) as x(order_id bigint, scenic_id int, product_id int,
        product_type smallint, session_id int, period_id int, visit_date date, valid_from timestamptz,
        valid_until timestamptz, price int, retail_floor int, visitor_name text, visitor_id_number text, visitor_phone text, code text,
        status smallint, entries_left int)
      returning id, order_id, price`),
  );
  const ticketsOf = new Map<number, OwnTickets>();
  for (const t of tickets) {
    const list = ticketsOf.get(Number(t.order_id)) ?? [];
    list.push({ id: Number(t.id), price: Number(t.price) });
    ticketsOf.set(Number(t.order_id), list);
  }
  return ticketsOf;
}

/** The gate events of an order's tickets: each entered on the visit day, and left unless still inside. */
function gateRowsOf(area: DemoArea, gates: DemoGates, r: Rng, p: OrderPlan, id: number, own: OwnTickets) {
  const rows: Record<string, unknown>[] = [];
  if (p.outcome !== 'used' && p.outcome !== 'entered' && p.outcome !== 'left') return rows;
  for (const t of own) {
    const enterAt = new Date(area.dayStart(p.visit).getTime() + r.int(8 * 60, 15 * 60) * 60_000);
    const entryGate = r.pick(gates.entry.length ? gates.entry : [0]);
    if (!entryGate) continue;
    rows.push({
      ticket: t.id,
      ord: id,
      gate: entryGate,
      dir: 'entry',
      at: enterAt.toISOString(),
    });
    if (p.outcome !== 'entered' && gates.exit.length)
      rows.push({
        ticket: t.id,
        ord: id,
        gate: r.pick(gates.exit),
        dir: 'exit',
        at: new Date(enterAt.getTime() + r.int(60, 300) * 60_000).toISOString(),
      });
  }
  return rows;
}

/** Payments, ticket moves by step, refund plans and gate events: the facts behind each outcome. */
function factsOf(
  area: DemoArea,
  gates: DemoGates,
  r: Rng,
  plans: OrderPlan[],
  orderId: Map<string, number>,
  ticketsOf: Map<number, OwnTickets>,
) {
  const paymentRows: Record<string, unknown>[] = [];
  // tickets to move, by (step, status): every first step of a batch runs before any second one
  const byStep = new Map<number, number[]>();
  const gateRows: Record<string, unknown>[] = [];
  const refundPlans: RefundPlan[] = [];
  for (const p of plans) {
    const id = orderId.get(p.orderNo)!;
    const own = ticketsOf.get(id) ?? [];
    PATHS[p.outcome].forEach((status, step) => {
      const key = step * 1000 + status;
      byStep.set(key, [...(byStep.get(key) ?? []), ...own.map((t) => t.id)]);
    });
    if (p.paid > 0) {
      const offline = [1, 5, 8, 9, 98, 99].includes(p.payWay);
      paymentRows.push({
        order_id: id,
        scenic_id: area.scenicId,
        pay_way: p.payWay,
        provider: offline ? 'offline' : 'seed',
        provider_txn_id: `SEED${p.orderNo}`,
        amount: p.paid,
        status: 'confirmed',
        created_at: p.createdAt.toISOString(),
      });
    }
    if (p.outcome === 'refunded')
      refundPlans.push({
        orderNo: p.orderNo,
        orderId: id,
        tickets: own,
        fee: feeOf(p.product, p.unitPrice),
        at: new Date(p.createdAt.getTime() + 3_600_000),
      });
    gateRows.push(...gateRowsOf(area, gates, r, p, id, own));
  }
  return { paymentRows, byStep, gateRows, refundPlans };
}

async function insertPayments(tx: Db, paymentRows: Record<string, unknown>[]) {
  if (paymentRows.length)
    await tx.execute(sql`insert into payments (order_id, scenic_id, pay_way, provider, provider_txn_id, amount, status,
        created_at, confirmed_at, updated_at)
      select order_id, scenic_id, pay_way, provider, provider_txn_id, amount, status, created_at, created_at, created_at
      from json_to_recordset(${json(paymentRows)}) as x(order_id bigint, scenic_id int, pay_way smallint,
        provider text, provider_txn_id text, amount int, status text, created_at timestamptz)`);
}

/** Replays the transitions, step by step (the guard of migration 0004 checks each). */
async function replayTransitions(tx: Db, byStep: Map<number, number[]>) {
  for (const key of [...byStep.keys()].sort((a, b) => a - b)) {
    const status = key % 1000;
    const ids = byStep.get(key)!;
    const revoke = status === S.refunding ? sql`, code = null` : sql``;
    const entered =
      status === S.entered
        ? sql`, entry_count = entry_count + 1, entries_left = greatest(entries_left - 1, 0)`
        : sql``;
    await tx.execute(
      sql`update order_tickets set status = ${status}${revoke}${entered} where id ${anyOf(ids)}`,
    );
  }
}

/** The refund applications of the refunded orders (approved), their refunds, and the refunded amounts. */
async function insertRefunds(tx: Db, scenicId: number, refundPlans: RefundPlan[]) {
  if (!refundPlans.length) return;
  const requests = rowsOf<{ id: number; ticket_id: number; order_id: number; refund_amount: number }>(
    await tx.execute(sql`insert into refund_requests (scenic_id, order_id, ticket_id, status, status_before_refund,
        ticket_amount, fee, refund_amount, reason, requested_by, reviewed_at, created_at)
      select ${scenicId}, order_id, ticket_id, 2, 201, price, fee, price - fee, '行程变更', client_id, at + interval '10 minutes', at
      from json_to_recordset(${json(
        refundPlans.flatMap((p) =>
          p.tickets.map((t) => ({
            order_id: p.orderId,
            ticket_id: t.id,
            price: t.price,
            fee: Math.min(p.fee, t.price),
            at: p.at.toISOString(),
          })),
        ),
      )}) as x(order_id bigint, ticket_id bigint, price int, fee int, at timestamptz)
      join ticket_orders o on o.id = x.order_id
      returning id, ticket_id, order_id, refund_amount`),
  );
  const refundRows = requests
    .filter((q) => Number(q.refund_amount) > 0)
    .map((q) => ({
      request: Number(q.id),
      ticket: Number(q.ticket_id),
      ord: Number(q.order_id),
      amount: Number(q.refund_amount),
    }));
  if (refundRows.length) {
    await tx.execute(sql`insert into refunds (scenic_id, order_id, payment_id, refund_request_id, ticket_ids, amount,
        status, reason, created_at, done_at)
      select ${scenicId}, x.ord, p.id, x.request, array[x.ticket], x.amount,
        case when p.provider = 'offline' then 'external' else 'done' end, '行程变更', p.created_at + interval '1 hour',
        p.created_at + interval '2 hours'
      from json_to_recordset(${json(refundRows)}) as x(request bigint, ticket bigint, ord bigint, amount int)
      join payments p on p.order_id = x.ord`);
    await tx.execute(sql`update payments p set refunded_amount = s.amount,
        status = case when s.amount = p.amount then 'refunded' else p.status end
      from (select payment_id, sum(amount)::int as amount from refunds where order_id ${anyOf(refundPlans.map((p) => p.orderId))} group by payment_id) s
      where p.id = s.payment_id`);
    await tx.execute(sql`update ticket_orders o set refunded_amount = s.amount
      from (select order_id, sum(amount)::int as amount from refunds where order_id ${anyOf(refundPlans.map((p) => p.orderId))} group by order_id) s
      where o.id = s.order_id`);
  }
}

async function insertGateEvents(tx: Db, scenicId: number, gateRows: Record<string, unknown>[]) {
  if (gateRows.length)
    await tx.execute(sql`insert into gate_events (scenic_id, gate_id, device_id, nonce, direction, entry_type, read_mode,
        ticket_id, order_id, result, offline, forced, scanned_at, uploaded_at)
      select ${scenicId}, gate, 'seed-gate-' || gate, 'seed-' || ticket || '-' || dir, dir, 1, 1, ticket, ord, 'ok',
        false, false, at, at
      from json_to_recordset(${json(gateRows)}) as x(ticket bigint, ord bigint, gate int, dir text, at timestamptz)`);
}

/**
 * Writes one batch of planned orders with their facts; the orders' statuses and daily totals are
 * set once at its end, not per statement. Answers how many tickets it wrote.
 */
export async function writeBatch(
  db: Db,
  area: DemoArea,
  gates: DemoGates,
  r: Rng,
  batch: { orderRows: Record<string, unknown>[]; plans: OrderPlan[] },
): Promise<number> {
  return db.transaction(async (tx) => {
    await beginBulkLoad(tx);
    const orderId = await insertOrders(tx, batch.orderRows);
    const ticketsOf = await insertTickets(tx, batch.plans, orderId);
    const facts = factsOf(area, gates, r, batch.plans, orderId, ticketsOf);
    await insertPayments(tx, facts.paymentRows);
    await replayTransitions(tx, facts.byStep);
    await insertRefunds(tx, area.scenicId, facts.refundPlans);
    await insertGateEvents(tx, area.scenicId, facts.gateRows);
    await recomputeOrderStatuses(tx, [...orderId.values()]);
    await addOrderTotals(tx, [...orderId.values()]);
    return [...ticketsOf.values()].reduce((n, list) => n + list.length, 0);
  });
}
