import crypto from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { idNumberCheckChar } from '../../../shared/api/staff-cards.ts';
import { TICKET_STATUS as S, type TicketStatusCode } from '../../../shared/dict/order.ts';
import { ENTRY_MODE, PRODUCT_TYPE, REFUND_RULE, REFUND_UNIT } from '../../../shared/dict/ticket.ts';
import { addOrderTotals, compactOrderTotals } from '../../modules/orders/order-totals.ts';
import {
  beginBulkLoad,
  recomputeOrderStatuses,
  summaryStatus,
} from '../../modules/orders/ticket-state.service.ts';
import { addDays, areaDay, areaDayStart, areaTimeZone } from '../../lib/area-clock.ts';
import type { Db } from '../client.ts';
import { rowsOf } from '../rows.ts';

/**
 * A history of ticket orders for one scenic area (`npm run seed -- --orders N`, and a small one for
 * `npm start`'s demo): a year of orders across channels, pay ways and outcomes, with their tickets,
 * payments, refund applications, refunds and gate events, and then the price calendar and the
 * public stock brought in line with what was sold. Set-based batches, so a million orders work.
 *
 * Tickets are written as they start (101 or 201) and then moved along the transitions of
 * domain.md (T4, T5, T8, T9, T11, T13, T15, T17, T21, T24) with one UPDATE per step and batch, so
 * the database's transition guard (migration 0004) checks the history like any other change.
 * Performance products are left out: their seats belong to the theatre demo.
 */

const BATCH = 5_000;

interface Product {
  id: number;
  productType: number;
  price: number;
  channels: number[];
  entryMode: number;
  entryTimes: number;
  validDays: number;
  realName: boolean;
  refundRule: number;
  refundFeeUnit: number;
  refundFeeValue: number;
  limitPerOrder: number;
  sessions: { id: number; startTime: string }[];
}

interface Period {
  id: number;
  startTime: string;
  endTime: string;
}

/** BuyChannel 13 (spec §9): sold by a distributor account. */
const DISTRIBUTION_CHANNEL = 13;

/** Which terminal client sells through which buy channel (spec §9). */
const CLIENT_OF_CHANNEL: Record<number, string> = {
  1: 'winManagement',
  2: 'selfManagement',
  3: 'handManagement',
  4: 'weixinManagement',
  5: 'handManagement',
  11: 'distributionManagement',
  12: 'distributionManagement',
  13: 'distributionManagement',
  14: 'zowoyooManagement',
  15: 'pftManagement',
  16: 'ctripManagement',
  17: 'mtManagement',
  18: 'distributionManagement',
};

/** Pay ways a channel uses, most common first. */
const PAY_WAYS: Record<number, number[]> = {
  1: [1, 2, 3, 99, 50],
  2: [2, 3, 11],
  3: [2, 3, 1],
  4: [2, 9],
  5: [2, 3],
  13: [5, 8],
  14: [13],
  15: [15],
  16: [16],
  17: [17],
};

const SURNAMES =
  '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤';
const GIVEN =
  '伟芳娜秀英敏静丽强磊军洋勇艳杰娟涛明超秀兰霞平刚桂英华玉兰萍红鹏辉建华晨宇欣怡子涵浩然梓萱雨轩思远佳怡俊杰一诺';
const REGIONS = [
  '330102',
  '330106',
  '310101',
  '320102',
  '110105',
  '440106',
  '510104',
  '530102',
  '420102',
  '610113',
];

/** A deterministic pseudo-random source, so two runs with one seed give the same history. */
function rng(seed: number) {
  let s = seed >>> 0;
  const next = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
  };
}

const json = (value: unknown) => sql`${JSON.stringify(value)}::json`;
/** `= any(…)` over an id list: an array, so the planner uses the primary key, not a scan per batch. */
const anyOf = (ids: readonly number[]): SQL =>
  sql`= any(array(select (value)::bigint from json_array_elements_text(${json(ids)})))`;

async function loadProducts(db: Db, scenicId: number): Promise<Product[]> {
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`select p.id, p.product_type, p.price, p.channels, p.entry_mode, p.entry_times, p.valid_days,
        p.real_name_type, p.refund_rule, p.refund_fee_unit, p.refund_fee_value, p.limit_per_order,
        coalesce((select json_agg(json_build_object('id', s.id, 'startTime', s.start_time) order by s.start_time)
          from product_sessions s where s.product_id = p.id), '[]'::json) as sessions
      from ticket_products p
      where p.scenic_id = ${scenicId} and p.product_type in (${PRODUCT_TYPE.regular}, ${PRODUCT_TYPE.timed})
      order by p.sort, p.id`),
  );
  const parseArray = (v: unknown): number[] =>
    Array.isArray(v) ? v.map(Number) : String(v).replace(/[{}]/g, '').split(',').filter(Boolean).map(Number);
  return rows
    .map((r) => ({
      id: Number(r.id),
      productType: Number(r.product_type),
      price: Number(r.price),
      channels: parseArray(r.channels).filter((c) => CLIENT_OF_CHANNEL[c]),
      entryMode: Number(r.entry_mode),
      entryTimes: Number(r.entry_times),
      validDays: Number(r.valid_days),
      realName: Number(r.real_name_type) === 1,
      refundRule: Number(r.refund_rule),
      refundFeeUnit: Number(r.refund_fee_unit),
      refundFeeValue: Number(r.refund_fee_value),
      limitPerOrder: Number(r.limit_per_order),
      sessions: (typeof r.sessions === 'string' ? JSON.parse(r.sessions) : r.sessions) as Product['sessions'],
    }))
    .filter((p) => p.channels.length > 0 && (p.productType !== PRODUCT_TYPE.timed || p.sessions.length > 0));
}

type Outcome =
  | 'userCancelled'
  | 'systemCancelled'
  | 'refunded'
  | 'used'
  | 'expired'
  | 'entered'
  | 'left'
  | 'ticketed'
  | 'unused';

/** The transitions that take a ticket from where it starts to its outcome (domain.md). */
const PATHS: Record<Outcome, TicketStatusCode[]> = {
  userCancelled: [S.userCancelled], // T4
  systemCancelled: [S.systemCancelled], // T5
  refunded: [S.refundRequested, S.refunding, S.refunded], // T15, T17, T21
  used: [S.entered, S.left, S.used], // T9, T11, T13
  expired: [S.expired], // T24
  entered: [S.entered], // T9
  left: [S.entered, S.left], // T9, T11
  ticketed: [S.ticketed], // T8
  unused: [],
};
const FINAL: Record<Outcome, TicketStatusCode> = {
  userCancelled: S.userCancelled,
  systemCancelled: S.systemCancelled,
  refunded: S.refunded,
  used: S.used,
  expired: S.expired,
  entered: S.entered,
  left: S.left,
  ticketed: S.ticketed,
  unused: S.unused,
};

function outcomeFor(r: ReturnType<typeof rng>, visit: string, today: string): Outcome {
  const x = r.next();
  if (x < 0.02) return 'userCancelled';
  if (x < 0.04) return 'systemCancelled';
  if (x < 0.08) return 'refunded';
  if (visit < today) return r.next() < 0.93 ? 'used' : 'expired';
  if (visit === today) return r.pick(['unused', 'entered', 'entered', 'left', 'ticketed'] as const);
  return r.next() < 0.8 ? 'unused' : 'ticketed';
}

function feeOf(p: Product, price: number): number {
  if (p.refundRule !== REFUND_RULE.conditional) return 0;
  if (p.refundFeeUnit === REFUND_UNIT.yuan) return Math.min(price, p.refundFeeValue);
  return Math.min(price, Math.floor((price * p.refundFeeValue + 50) / 100));
}

export interface DemoOrdersOptions {
  scenicId: number;
  orders: number;
  /** How far back the history goes (days before `now`) */
  days?: number;
  now?: Date;
  seed?: number;
  /** Progress after each batch */
  onProgress?: (done: number, total: number) => void;
}

/** Writes `orders` orders of the past `days` days (and a week ahead) for one area. */
export async function seedDemoOrders(
  db: Db,
  options: DemoOrdersOptions,
): Promise<{ orders: number; tickets: number }> {
  const { scenicId, orders: total, days = 365, now = new Date() } = options;
  const r = rng(options.seed ?? 20261121);
  const products = await loadProducts(db, scenicId);
  if (products.length === 0 || total <= 0) return { orders: 0, tickets: 0 };
  const periods = rowsOf<Period>(
    await db.execute(sql`select id, start_time as "startTime", end_time as "endTime" from scenic_periods
      where scenic_id = ${scenicId} and status = 1 order by start_time`),
  );
  const gates = rowsOf<{ id: number; gate_type: number }>(
    await db.execute(
      sql`select id, gate_type from gates where scenic_id = ${scenicId} and status = 1 and gate_type in (10, 11)`,
    ),
  );
  const entryGates = gates.filter((g) => Number(g.gate_type) === 10).map((g) => Number(g.id));
  const exitGates = gates.filter((g) => Number(g.gate_type) === 11).map((g) => Number(g.id));
  const [{ prefix } = { prefix: 0 }] = rowsOf<{ prefix: number }>(
    await db.execute(sql`select count(*)::int as prefix from ticket_orders where order_no like 'D%'`),
  );
  // the distribution channel's orders belong to the area's first distributor account (the demo `agent`),
  // which sees them and only them (docs/accounts.md "Distributors")
  const [distributor] = rowsOf<{ id: number }>(
    await db.execute(
      sql`select id from admins where scenic_id = ${scenicId} and adm_type = 3 order by id limit 1`,
    ),
  );
  // days and times on the area's clock
  const timeZone = await areaTimeZone(db, scenicId);
  const today = areaDay(now, timeZone);
  // a day's start, once per day (a million orders meet a few hundred days)
  const starts = new Map<string, Date>();
  const dayStart = (date: string) => {
    let start = starts.get(date);
    if (!start) starts.set(date, (start = areaDayStart(date, timeZone)));
    return start;
  };
  // regular products sell more than the night tour
  const weighted = products.flatMap((p) => (p.productType === PRODUCT_TYPE.regular ? [p, p, p] : [p]));

  let ticketsWritten = 0;
  for (let done = 0; done < total; done += BATCH) {
    const count = Math.min(BATCH, total - done);
    const orderRows: Record<string, unknown>[] = [];
    const plans: {
      orderNo: string;
      product: Product;
      outcome: Outcome;
      tickets: Record<string, unknown>[];
      payWay: number;
      paid: number;
      createdAt: Date;
      visit: string;
    }[] = [];
    for (let i = 0; i < count; i++) {
      const seq = prefix + done + i + 1;
      const product = r.pick(weighted);
      const createdAt = new Date(now.getTime() - r.next() * days * 86_400_000);
      const created = areaDay(createdAt, timeZone);
      const ahead = r.next();
      const visit = addDays(created, ahead < 0.6 ? 0 : ahead < 0.85 ? 1 : r.int(2, 7));
      const channel = r.pick(product.channels);
      const payWay = r.pick(PAY_WAYS[channel] ?? [2]);
      const limit = product.limitPerOrder > 0 ? product.limitPerOrder : 4;
      const ticketCount = Math.min(limit, r.next() < 0.5 ? 1 : r.next() < 0.6 ? 2 : r.int(3, 4));
      const outcome = outcomeFor(r, visit, today);
      const orderNo = `D${created.replaceAll('-', '')}${String(seq).padStart(9, '0')}`;
      const session = product.productType === PRODUCT_TYPE.timed ? r.pick(product.sessions) : null;
      const period = session
        ? (periods.find((p) => p.startTime <= session.startTime && session.startTime < p.endTime) ?? null)
        : periods.length
          ? r.pick(periods)
          : null;
      const buyer = `${r.pick([...SURNAMES])}${r.pick([...GIVEN])}`;
      const phone = `1${r.pick(['3', '5', '7', '8', '9'])}${String(r.int(0, 999_999_999)).padStart(9, '0')}`;
      const amount = product.price * ticketCount;
      const cancelled = outcome === 'userCancelled' || outcome === 'systemCancelled';
      const validFrom = dayStart(visit);
      const validUntil = new Date(dayStart(addDays(visit, Math.max(1, product.validDays))).getTime() - 1000);
      const tickets = Array.from({ length: ticketCount }, (_unused, k) => {
        const name = k === 0 ? buyer : `${r.pick([...SURNAMES])}${r.pick([...GIVEN])}`;
        const first17 = `${r.pick(REGIONS)}${r.int(1950, 2015)}${String(r.int(1, 12)).padStart(2, '0')}${String(r.int(1, 28)).padStart(2, '0')}${String(r.int(0, 999)).padStart(3, '0')}`;
        return {
          scenic_id: scenicId,
          product_id: product.id,
          product_type: product.productType,
          session_id: session?.id ?? null,
          period_id: period?.id ?? null,
          visit_date: visit,
          valid_from: validFrom.toISOString(),
          valid_until: validUntil.toISOString(),
          price: product.price,
          visitor_name: name,
          visitor_id_number: product.realName ? first17 + idNumberCheckChar(first17) : null,
          visitor_phone: k === 0 ? phone : '',
          code: crypto.randomBytes(16).toString('base64url'),
          status: cancelled ? S.pendingPayment : S.unused,
          entries_left: product.entryMode === ENTRY_MODE.times ? product.entryTimes : 1,
        };
      });
      const statusNow = FINAL[outcome];
      orderRows.push({
        order_no: orderNo,
        scenic_id: scenicId,
        channel,
        client_id: CLIENT_OF_CHANNEL[channel],
        admin_id: channel === DISTRIBUTION_CHANNEL && distributor ? Number(distributor.id) : null,
        buyer_name: buyer,
        buyer_phone: phone,
        visit_date: visit,
        ticket_count: ticketCount,
        total_amount: amount,
        paid_amount: cancelled ? 0 : amount,
        pay_status: outcome === 'systemCancelled' ? 103 : cancelled ? 101 : 201,
        pay_way: cancelled ? null : payWay,
        status: summaryStatus([statusNow]),
        paid_at: cancelled ? null : new Date(createdAt.getTime() + r.int(20, 600) * 1000).toISOString(),
        cancelled_at: cancelled ? new Date(createdAt.getTime() + 15 * 60_000).toISOString() : null,
        expires_at: new Date(createdAt.getTime() + 15 * 60_000).toISOString(),
        created_at: createdAt.toISOString(),
      });
      plans.push({
        orderNo,
        product,
        outcome,
        tickets,
        payWay,
        paid: cancelled ? 0 : amount,
        createdAt,
        visit,
      });
    }

    await db.transaction(async (tx) => {
      // the batch sets its orders' statuses and daily totals once at its end, not per statement
      await beginBulkLoad(tx);
      const inserted = rowsOf<{ id: number; order_no: string }>(
        await tx.execute(sql`insert into ticket_orders (order_no, scenic_id, channel, client_id, admin_id, buyer_name,
            buyer_phone, visit_date, ticket_count, total_amount, paid_amount, pay_status, pay_way, status, paid_at,
            cancelled_at, expires_at, created_at, updated_at)
          select order_no, scenic_id, channel, client_id, admin_id, buyer_name, buyer_phone, visit_date, ticket_count,
            total_amount, paid_amount, pay_status, pay_way, status, paid_at, cancelled_at, expires_at, created_at, created_at
          from json_to_recordset(${json(orderRows)}) as x(order_no text, scenic_id int, channel smallint,
            client_id text, admin_id int, buyer_name text, buyer_phone text, visit_date date, ticket_count int, total_amount int,
            paid_amount int, pay_status smallint, pay_way smallint, status smallint, paid_at timestamptz,
            cancelled_at timestamptz, expires_at timestamptz, created_at timestamptz)
          returning id, order_no`),
      );
      const orderId = new Map(inserted.map((o) => [o.order_no, Number(o.id)]));
      const ticketRows = plans.flatMap((p) =>
        p.tickets.map((t) => ({ ...t, order_id: orderId.get(p.orderNo) })),
      );
      const tickets = rowsOf<{ id: number; order_id: number; price: number }>(
        await tx.execute(sql`insert into order_tickets (order_id, scenic_id, product_id, product_type, session_id, period_id,
            visit_date, valid_from, valid_until, price, visitor_name, visitor_id_number, visitor_phone, code, status, entries_left)
          select order_id, scenic_id, product_id, product_type, session_id, period_id, visit_date, valid_from, valid_until,
            price, visitor_name, visitor_id_number, visitor_phone, code, status, entries_left
          from json_to_recordset(${json(ticketRows)}) as x(order_id bigint, scenic_id int, product_id int,
            product_type smallint, session_id int, period_id int, visit_date date, valid_from timestamptz,
            valid_until timestamptz, price int, visitor_name text, visitor_id_number text, visitor_phone text, code text,
            status smallint, entries_left int)
          returning id, order_id, price`),
      );
      ticketsWritten += tickets.length;
      const ticketsOf = new Map<number, { id: number; price: number }[]>();
      for (const t of tickets) {
        const list = ticketsOf.get(Number(t.order_id)) ?? [];
        list.push({ id: Number(t.id), price: Number(t.price) });
        ticketsOf.set(Number(t.order_id), list);
      }

      // payments, refunds and gate events: the facts behind each outcome
      const paymentRows: Record<string, unknown>[] = [];
      // tickets to move, by (step, status): every first step of a batch runs before any second one
      const byStep = new Map<number, number[]>();
      const gateRows: Record<string, unknown>[] = [];
      const refundPlans: {
        orderNo: string;
        orderId: number;
        tickets: { id: number; price: number }[];
        fee: number;
        at: Date;
      }[] = [];
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
            scenic_id: scenicId,
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
            fee: feeOf(p.product, p.product.price),
            at: new Date(p.createdAt.getTime() + 3_600_000),
          });
        if (p.outcome === 'used' || p.outcome === 'entered' || p.outcome === 'left') {
          for (const t of own) {
            const enterAt = new Date(dayStart(p.visit).getTime() + r.int(8 * 60, 15 * 60) * 60_000);
            const entryGate = r.pick(entryGates.length ? entryGates : [0]);
            if (!entryGate) continue;
            gateRows.push({
              ticket: t.id,
              ord: id,
              gate: entryGate,
              dir: 'entry',
              at: enterAt.toISOString(),
            });
            if (p.outcome !== 'entered' && exitGates.length)
              gateRows.push({
                ticket: t.id,
                ord: id,
                gate: r.pick(exitGates),
                dir: 'exit',
                at: new Date(enterAt.getTime() + r.int(60, 300) * 60_000).toISOString(),
              });
          }
        }
      }
      if (paymentRows.length)
        await tx.execute(sql`insert into payments (order_id, scenic_id, pay_way, provider, provider_txn_id, amount, status,
            created_at, confirmed_at, updated_at)
          select order_id, scenic_id, pay_way, provider, provider_txn_id, amount, status, created_at, created_at, created_at
          from json_to_recordset(${json(paymentRows)}) as x(order_id bigint, scenic_id int, pay_way smallint,
            provider text, provider_txn_id text, amount int, status text, created_at timestamptz)`);

      // replay the transitions, step by step (the guard of migration 0004 checks each)
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

      if (refundPlans.length) {
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

      if (gateRows.length)
        await tx.execute(sql`insert into gate_events (scenic_id, gate_id, device_id, nonce, direction, entry_type, read_mode,
            ticket_id, order_id, result, offline, forced, scanned_at, uploaded_at)
          select ${scenicId}, gate, 'seed-gate-' || gate, 'seed-' || ticket || '-' || dir, dir, 1, 1, ticket, ord, 'ok',
            false, false, at, at
          from json_to_recordset(${json(gateRows)}) as x(ticket bigint, ord bigint, gate int, dir text, at timestamptz)`);
      await recomputeOrderStatuses(tx, [...orderId.values()]);
      await addOrderTotals(tx, [...orderId.values()]);
    });
    options.onProgress?.(done + count, total);
  }

  await alignStock(db, scenicId);
  // one row per key in the daily totals, as the order jobs leave them
  await compactOrderTotals(db);
  return { orders: total, tickets: ticketsWritten };
}

/**
 * The calendar and the public stock say what the tickets say: `sold` = the tickets that still hold
 * a place (not cancelled, refunded or void), stock at least that, and a calendar day for every date
 * that has tickets.
 */
async function alignStock(db: Db, scenicId: number): Promise<void> {
  const released = sql`(${S.userCancelled}, ${S.systemCancelled}, ${S.refunded}, ${S.invalid})`;
  await db.transaction(async (tx) => {
    await tx.execute(sql`insert into price_calendar (scenic_id, product_id, session_id, date, price, stock, sold, status)
      select t.scenic_id, t.product_id, t.session_id, t.visit_date, p.price, greatest(3000, count(*)), 0, 1
      from order_tickets t join ticket_products p on p.id = t.product_id
      where t.scenic_id = ${scenicId} and t.session_id is null and t.product_type in (1, 2)
        and not exists (select 1 from price_calendar c where c.product_id = t.product_id and c.date = t.visit_date and c.session_id is null)
      group by t.scenic_id, t.product_id, t.session_id, t.visit_date, p.price`);
    await tx.execute(sql`insert into price_calendar (scenic_id, product_id, session_id, date, price, stock, sold, status)
      select t.scenic_id, t.product_id, t.session_id, t.visit_date, p.price, greatest(300, count(*)), 0, 1
      from order_tickets t join ticket_products p on p.id = t.product_id
      where t.scenic_id = ${scenicId} and t.session_id is not null
        and not exists (select 1 from price_calendar c where c.product_id = t.product_id and c.date = t.visit_date and c.session_id = t.session_id)
      group by t.scenic_id, t.product_id, t.session_id, t.visit_date, p.price`);
    await tx.execute(sql`update price_calendar c set sold = 0 where c.scenic_id = ${scenicId}`);
    await tx.execute(sql`update price_calendar c set stock = greatest(c.stock, s.n), sold = s.n
      from (select product_id, session_id, visit_date, count(*)::int as n from order_tickets
        where scenic_id = ${scenicId} and product_type in (1, 2) and status not in ${released}
        group by product_id, session_id, visit_date) s
      where c.product_id = s.product_id and c.date = s.visit_date and coalesce(c.session_id, 0) = coalesce(s.session_id, 0)`);
    await tx.execute(sql`update public_stock set sold = 0 where scenic_id = ${scenicId}`);
    await tx.execute(sql`insert into public_stock (scenic_id, period_id, date, capacity, sold)
      select ${scenicId}, s.period_id, s.visit_date, greatest(p.capacity, s.n), s.n
      from (select period_id, visit_date, count(*)::int as n from order_tickets
        where scenic_id = ${scenicId} and period_id is not null and status not in ${released}
        group by period_id, visit_date) s join scenic_periods p on p.id = s.period_id
      on conflict (period_id, date) do update set sold = excluded.sold,
        capacity = greatest(public_stock.capacity, excluded.sold)`);
  });
}
