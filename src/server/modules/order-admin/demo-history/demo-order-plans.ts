import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { idNumberCheckChar } from '../../../../shared/api/staff-cards.ts';
import { TICKET_STATUS as S, type TicketStatusCode } from '../../../../shared/dict/order.ts';
import { ENTRY_MODE, PRODUCT_TYPE, REFUND_RULE, REFUND_UNIT } from '../../../../shared/dict/product.ts';
import { summaryStatus } from '../../orders/index.ts';
import { addDays, areaDay } from '../../../lib/area-clock.ts';
import type { Db } from '../../../db/client.ts';
import { rowsOf } from '../../../db/rows.ts';
import type { SeededRandom } from '../../../lib/seeded-random.ts';

/** The orders of the demo history as planned in memory: who buys what, when, and how it ends. */

export interface Product {
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

export interface Period {
  id: number;
  startTime: string;
  endTime: string;
}

/** BuyChannel 13 (docs/product.md §9): sold by a distributor account. */
export const DISTRIBUTION_CHANNEL = 13;

/** Which terminal client sells through which buy channel (docs/product.md §9). */
export const CLIENT_OF_CHANNEL: Record<number, string> = {
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

export async function loadProducts(db: Db, scenicId: number): Promise<Product[]> {
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

export type Outcome =
  | 'userCancelled'
  | 'systemCancelled'
  | 'refunded'
  | 'used'
  | 'expired'
  | 'entered'
  | 'left'
  | 'ticketed'
  | 'unused';

/** The transitions that take a ticket from where it starts to its outcome (docs/domain.md). */
export const PATHS: Record<Outcome, TicketStatusCode[]> = {
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

function outcomeFor(r: SeededRandom, visit: string, today: string): Outcome {
  const x = r.next();
  if (x < 0.02) return 'userCancelled';
  if (x < 0.04) return 'systemCancelled';
  if (x < 0.08) return 'refunded';
  if (visit < today) return r.next() < 0.93 ? 'used' : 'expired';
  if (visit === today) return r.pick(['unused', 'entered', 'entered', 'left', 'ticketed'] as const);
  return r.next() < 0.8 ? 'unused' : 'ticketed';
}

export function feeOf(p: Product, price: number): number {
  if (p.refundRule !== REFUND_RULE.conditional) return 0;
  if (p.refundFeeUnit === REFUND_UNIT.yuan) return Math.min(price, p.refundFeeValue);
  return Math.min(price, Math.floor((price * p.refundFeeValue + 50) / 100));
}

export type Rng = SeededRandom;

/** What the history of one area is planned from (read once, before the batches). */
export interface DemoArea {
  scenicId: number;
  now: Date;
  days: number;
  timeZone: string;
  today: string;
  periods: Period[];
  /** Products to pick from, the more common ones several times */
  weighted: Product[];
  /** Numbers already taken by an earlier run (order numbers D…) */
  prefix: number;
  /**
   * The distributor accounts that sell on the distribution channel, the demo `agent` several times
   * (docs/accounts.md "Distributors"), each with its price tier's settlement prices by product
   */
  sellers: DemoSeller[];
  /** The start of an area day */
  dayStart: (date: string) => Date;
}

/** A distributor account of the demo history and the tier prices it buys at. */
export interface DemoSeller {
  adminId: number;
  tierId: number | null;
  /** product id → the tier line's settlement price and lowest retail price (cents) */
  lines: Map<number, { price: number; floor: number }>;
}

/** An order as planned: what its facts (payments, refunds, gate events) are written from. */
export interface OrderPlan {
  orderNo: string;
  product: Product;
  outcome: Outcome;
  tickets: Record<string, unknown>[];
  payWay: number;
  paid: number;
  /** The price of each ticket: the product's, or the seller's tier price */
  unitPrice: number;
  createdAt: Date;
  visit: string;
}

interface TicketPlan {
  area: DemoArea;
  product: Product;
  session: Product['sessions'][number] | null;
  period: Period | null;
  visit: string;
  buyer: string;
  phone: string;
  cancelled: boolean;
  validFrom: Date;
  validUntil: Date;
  ticketCount: number;
  price: number;
  retailFloor: number | null;
}

/** The tickets of a planned order: visitors (the first is the buyer), real-name ID numbers, new codes. */
function planTickets(r: Rng, order: TicketPlan) {
  const { product, session, period, visit, buyer, phone, cancelled, validFrom, validUntil, area } = order;
  return Array.from({ length: order.ticketCount }, (_unused, k) => {
    const name = k === 0 ? buyer : `${r.pick([...SURNAMES])}${r.pick([...GIVEN])}`;
    const first17 = `${r.pick(REGIONS)}${r.int(1950, 2015)}${String(r.int(1, 12)).padStart(2, '0')}${String(r.int(1, 28)).padStart(2, '0')}${String(r.int(0, 999)).padStart(3, '0')}`;
    return {
      scenic_id: area.scenicId,
      product_id: product.id,
      product_type: product.productType,
      session_id: session?.id ?? null,
      period_id: period?.id ?? null,
      visit_date: visit,
      valid_from: validFrom.toISOString(),
      valid_until: validUntil.toISOString(),
      price: order.price,
      retail_floor: order.retailFloor,
      visitor_name: name,
      visitor_id_number: product.realName ? first17 + idNumberCheckChar(first17) : null,
      visitor_phone: k === 0 ? phone : '',
      code: crypto.randomBytes(16).toString('base64url'),
      status: cancelled ? S.pendingPayment : S.unused,
      entries_left: product.entryMode === ENTRY_MODE.times ? product.entryTimes : 1,
    };
  });
}

/** One order of the history (the `seq`th): product, days, channel, pay way, buyer, tickets and outcome. */
function planOrder(
  area: DemoArea,
  r: Rng,
  seq: number,
): { orderRow: Record<string, unknown>; plan: OrderPlan } {
  const product = r.pick(area.weighted);
  const createdAt = new Date(area.now.getTime() - r.next() * area.days * 86_400_000);
  const created = areaDay(createdAt, area.timeZone);
  const ahead = r.next();
  const visit = addDays(created, ahead < 0.6 ? 0 : ahead < 0.85 ? 1 : r.int(2, 7));
  const channel = r.pick(product.channels);
  const payWay = r.pick(PAY_WAYS[channel] ?? [2]);
  const limit = product.limitPerOrder > 0 ? product.limitPerOrder : 4;
  const ticketCount = Math.min(limit, r.next() < 0.5 ? 1 : r.next() < 0.6 ? 2 : r.int(3, 4));
  const outcome = outcomeFor(r, visit, area.today);
  const orderNo = `D${created.replaceAll('-', '')}${String(seq).padStart(9, '0')}`;
  const session = product.productType === PRODUCT_TYPE.timed ? r.pick(product.sessions) : null;
  const period = session
    ? (area.periods.find((p) => p.startTime <= session.startTime && session.startTime < p.endTime) ?? null)
    : area.periods.length
      ? r.pick(area.periods)
      : null;
  const buyer = `${r.pick([...SURNAMES])}${r.pick([...GIVEN])}`;
  const phone = `1${r.pick(['3', '5', '7', '8', '9'])}${String(r.int(0, 999_999_999)).padStart(9, '0')}`;
  // a distribution order is sold by one of the distributors, at its tier's price where it has a line
  const seller = channel === DISTRIBUTION_CHANNEL && area.sellers.length ? r.pick(area.sellers) : null;
  const line = seller?.lines.get(product.id);
  const price = line?.price ?? product.price;
  const amount = price * ticketCount;
  const cancelled = outcome === 'userCancelled' || outcome === 'systemCancelled';
  const validFrom = area.dayStart(visit);
  const validUntil = new Date(area.dayStart(addDays(visit, Math.max(1, product.validDays))).getTime() - 1000);
  const tickets = planTickets(r, {
    area,
    product,
    session,
    period,
    visit,
    buyer,
    phone,
    cancelled,
    validFrom,
    validUntil,
    ticketCount,
    price,
    retailFloor: line?.floor ?? null,
  });
  const statusNow = FINAL[outcome];
  const orderRow = {
    order_no: orderNo,
    scenic_id: area.scenicId,
    channel,
    client_id: CLIENT_OF_CHANNEL[channel],
    admin_id: seller?.adminId ?? null,
    tier_id: line ? seller!.tierId : null,
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
  };
  const plan: OrderPlan = {
    orderNo,
    product,
    outcome,
    tickets,
    payWay,
    paid: cancelled ? 0 : amount,
    unitPrice: price,
    createdAt,
    visit,
  };
  return { orderRow, plan };
}

/** The orders `first + 1` … `first + count` of the history, as rows to insert and plans for their facts. */
export function planOrders(area: DemoArea, r: Rng, first: number, count: number) {
  const orderRows: Record<string, unknown>[] = [];
  const plans: OrderPlan[] = [];
  for (let i = 0; i < count; i++) {
    const { orderRow, plan } = planOrder(area, r, area.prefix + first + i + 1);
    orderRows.push(orderRow);
    plans.push(plan);
  }
  return { orderRows, plans };
}
