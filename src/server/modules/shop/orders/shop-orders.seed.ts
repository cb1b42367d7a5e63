import { sql } from 'drizzle-orm';
import { BALANCE_OP } from '../../../../shared/dict/members.ts';
import {
  AFTER_SALE_STATUS as AS,
  AFTER_SALE_TYPE,
  SHOP_ORDER_STATUS as S,
  SHOP_RULES,
  STOCK_MOVE,
  type ShopOrderStatusCode,
  type StockMoveReasonCode,
} from '../../../../shared/dict/shop.ts';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/rows.ts';
import { creditBalance, debitBalance } from '../../members/index.ts';
import {
  shopAftersales,
  shopOrderHistory,
  shopOrderLines,
  shopOrders,
  shopPayments,
  shopRefunds,
  shopReviews,
  shopShipments,
  shopStockMoves,
} from '../shop.table.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const PAY_WECHAT = 2;
const PAY_BALANCE = 9;
const CARRIERS = ['顺丰速运', '中通快递', '圆通速递', '韵达快递', '邮政EMS'];
const ADDRESSES = [
  '浙江省杭州市西湖区文三路 90 号',
  '上海市浦东新区世纪大道 100 号',
  '江苏省南京市玄武区中山路 18 号',
  '北京市朝阳区建国路 88 号',
  '广东省深圳市南山区科技园南路 6 号',
  '浙江省宁波市鄞州区天童南路 588 号',
];
const REVIEWS = [
  '包装很用心，味道正宗',
  '物流很快，和景区买的一样',
  '送朋友很合适',
  '质量不错，会回购',
  '一般般',
];

/** A small deterministic generator (mulberry32): the same demo every time. */
function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!,
  };
}

interface Sku {
  id: number;
  goodsId: number;
  goodsName: string;
  specText: string;
  image: string;
  price: number;
  stock: number;
}
interface Line {
  sku: Sku;
  quantity: number;
  amount: number;
  refundedQuantity: number;
  refundedAmount: number;
}
type LinePart = { line: number; quantity: number; amount: number };
interface Aftersale {
  type: number;
  status: number;
  before: number;
  reason: string;
  lines: LinePart[];
  amount: number;
  returnCarrier: string;
  returnTrackingNo: string;
  goodsReceivedAt: Date | null;
  rejectReason: string;
  reviewedAt: Date | null;
  createdAt: Date;
}
interface Refund {
  aftersale: number | null;
  amount: number;
  lines: LinePart[];
  status: string;
  reason: string;
  failReason: string;
  byStaff: boolean;
  createdAt: Date;
  doneAt: Date | null;
}
/** One demo order as it stands at seed time, with every fact written about it. */
interface Plan {
  orderNo: string;
  memberId: number;
  receiverName: string;
  receiverPhone: string;
  receiverAddress: string;
  status: ShopOrderStatusCode;
  before: ShopOrderStatusCode | null;
  createdAt: Date;
  paidAt: Date | null;
  shippedAt: Date | null;
  receivedAt: Date | null;
  closedAt: Date | null;
  closeReason: string;
  payWay: number;
  lines: Line[];
  history: {
    transition: string;
    from: number | null;
    to: number;
    at: Date;
    staff: boolean;
    member: boolean;
    note: string;
  }[];
  stock: { sku: Sku; delta: number; reason: StockMoveReasonCode; at: Date; staff: boolean }[];
  shipment: { carrier: string; trackingNo: string; at: Date } | null;
  aftersales: Aftersale[];
  refunds: Refund[];
  review: { rating: number; content: string; at: Date } | null;
}

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

/**
 * A year of shop orders of the first demo area's members (issue 18), in all 13 statuses: each order
 * is walked along the machine (S1-S23) from its creation until the next step would be in the future,
 * so its payments, shipment, after-sales, refunds, review, history and stock moves agree with its
 * status. Stock is taken, put back and restocked through the ledger (replayed in memory, written in
 * bulk), goods sales are the paid pieces not refunded, and pay way 9 debits and refunds the member's
 * balance through the members module's ledger.
 */
export async function seedDemoShopOrders(
  db: Db,
  scenicId: number,
  options: { orders?: number; now?: Date } = {},
): Promise<{ orders: number }> {
  const now = options.now ?? new Date();
  const total = options.orders ?? 1500;
  const rnd = random(18_2026);
  const members = await queryRows<{ id: number; phone: string; nickname: string; balance: number }>(
    db,
    sql`select id, phone, nickname, balance from members
        where scenic_id = ${scenicId} and status = 1 and phone is not null order by id limit 200`,
  );
  const skus = (
    await queryRows<{
      id: number;
      goods_id: number;
      name: string;
      spec_values: string[];
      image: string;
      cover: string;
      price: number;
      stock: number;
    }>(
      db,
      sql`select s.id, s.goods_id, g.name, s.spec_values, s.image, g.cover, s.price, s.stock
          from shop_skus s join shop_goods g on g.id = s.goods_id
          where s.scenic_id = ${scenicId} order by s.id`,
    )
  ).map((s): Sku => ({
    id: Number(s.id),
    goodsId: Number(s.goods_id),
    goodsName: s.name,
    specText: s.spec_values.join(' '),
    image: s.image || s.cover,
    price: Number(s.price),
    stock: Number(s.stock),
  }));
  if (!members.length || !skus.length) return { orders: 0 };
  const [staff] = await queryRows<{ id: number }>(
    db,
    sql`select id from admins where username = 'shop' limit 1`,
  );
  const staffId = staff ? Number(staff.id) : null;
  const balances = new Map(members.map((m) => [Number(m.id), Number(m.balance)]));

  const plans: Plan[] = [];
  const start = now.getTime() - 365 * DAY;
  for (let i = 0; i < total; i++) {
    // the newest few wait for payment; the rest spread over the year, more of them lately
    const age =
      i >= total - 6
        ? (total - i) * 4 * MINUTE
        : Math.max(40 * MINUTE, (1 - Math.sqrt(rnd.next())) * 365 * DAY);
    const plan = walk(rnd, {
      i,
      waiting: i >= total - 6,
      createdAt: new Date(Math.max(start, now.getTime() - age)),
      now,
      member: members[rnd.int(0, members.length - 1)]!,
      skus,
      balances,
    });
    plans.push(plan);
  }
  plans.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());

  // stock: replay every move in time order; a SKU short of stock is restocked (reason 2) first
  const moves = plans
    .flatMap((p, order) => p.stock.map((m) => ({ ...m, order })))
    .sort((a, b) => a.at.getTime() - b.at.getTime());
  const ledger: (typeof shopStockMoves.$inferInsert & { order: number | null })[] = [];
  for (const m of moves) {
    if (m.sku.stock + m.delta < 0) {
      const delta = 50 + ((m.sku.id * 7) % 50);
      m.sku.stock += delta;
      ledger.push({
        scenicId,
        goodsId: m.sku.goodsId,
        skuId: m.sku.id,
        delta,
        stockAfter: m.sku.stock,
        reason: STOCK_MOVE.received,
        note: '补货入库',
        order: null,
        adminId: staffId,
        createdAt: new Date(m.at.getTime() - HOUR),
      });
    }
    m.sku.stock += m.delta;
    ledger.push({
      scenicId,
      goodsId: m.sku.goodsId,
      skuId: m.sku.id,
      delta: m.delta,
      stockAfter: m.sku.stock,
      reason: m.reason,
      order: m.order,
      adminId: m.staff ? staffId : null,
      createdAt: m.at,
    });
  }

  // member balance (pay way 9): debits and refunds through the members' ledger, in time order
  const balanceMoves = plans
    .filter((p) => p.payWay === PAY_BALANCE && p.paidAt)
    .flatMap((p) => [
      { p, at: p.paidAt!, amount: sum(p.lines.map((l) => l.amount)), debit: true },
      ...p.refunds
        .filter((r) => r.status === 'done')
        .map((r) => ({ p, at: r.doneAt!, amount: r.amount, debit: false })),
    ])
    .sort((a, b) => a.at.getTime() - b.at.getTime());
  for (const m of balanceMoves) {
    const move = { scenicId, memberId: m.p.memberId, amount: m.amount, reference: m.p.orderNo };
    if (m.debit) await debitBalance(db, { ...move, operation: BALANCE_OP.consume, remark: '商城订单支付' });
    else await creditBalance(db, { ...move, operation: BALANCE_OP.refund, remark: '商城订单退款' });
  }

  const chunks = <T>(list: T[], size = 400) =>
    Array.from({ length: Math.ceil(list.length / size) }, (_, k) => list.slice(k * size, (k + 1) * size));
  const orderIds: number[] = [];
  for (const part of chunks(plans)) {
    const ids = await db
      .insert(shopOrders)
      .values(
        part.map((p) => {
          const goodsAmount = sum(p.lines.map((l) => l.amount));
          const received = p.receivedAt?.getTime();
          return {
            scenicId,
            orderNo: p.orderNo,
            memberId: p.memberId,
            status: p.status,
            statusBeforeRefund: p.before,
            goodsAmount,
            payAmount: goodsAmount,
            refundedAmount: sum(p.refunds.filter((r) => r.status === 'done').map((r) => r.amount)),
            receiverName: p.receiverName,
            receiverPhone: p.receiverPhone,
            receiverAddress: p.receiverAddress,
            remark: p.orderNo.endsWith('7') ? '请尽快发货，谢谢' : '',
            expiresAt: new Date(p.createdAt.getTime() + SHOP_RULES.payMinutes * MINUTE),
            paidAt: p.paidAt,
            shippedAt: p.shippedAt,
            receivedAt: p.receivedAt,
            closedAt: p.closedAt,
            afterSaleUntil: received ? new Date(received + SHOP_RULES.afterSaleDays * DAY) : null,
            reviewUntil: received ? new Date(received + SHOP_RULES.reviewDays * DAY) : null,
            closeReason: p.closeReason,
            createdAt: p.createdAt,
            updatedAt: p.history.at(-1)!.at,
          };
        }),
      )
      .returning({ id: shopOrders.id });
    orderIds.push(...ids.map((r) => r.id));
  }

  const lineRows = plans.flatMap((p, o) =>
    p.lines.map((l) => ({
      scenicId,
      orderId: orderIds[o]!,
      goodsId: l.sku.goodsId,
      skuId: l.sku.id,
      goodsName: l.sku.goodsName,
      specText: l.sku.specText,
      image: l.sku.image,
      price: l.sku.price,
      quantity: l.quantity,
      amount: l.amount,
      refundedQuantity: l.refundedQuantity,
      refundedAmount: l.refundedAmount,
    })),
  );
  const lineIds: number[] = [];
  for (const part of chunks(lineRows))
    lineIds.push(
      ...(await db.insert(shopOrderLines).values(part).returning({ id: shopOrderLines.id })).map((r) => r.id),
    );
  // the ids of each plan's lines, in order
  let next = 0;
  const planLines = plans.map((p) => p.lines.map(() => lineIds[next++]!));
  const parts = (o: number, list: LinePart[]) =>
    list.map((x) => ({ lineId: planLines[o]![x.line]!, quantity: x.quantity, amount: x.amount }));

  const payments = plans.flatMap((p, o) =>
    p.paidAt
      ? [
          {
            scenicId,
            orderId: orderIds[o]!,
            payWay: p.payWay,
            amount: sum(p.lines.map((l) => l.amount)),
            providerTxnId: p.payWay === PAY_WECHAT ? `4200${p.orderNo.slice(1)}` : null,
            status: p.refunds.some((r) => r.status === 'done') ? 'refunded' : 'confirmed',
            createdAt: p.paidAt,
          },
        ]
      : [],
  );
  const paymentIds: number[] = [];
  for (const part of chunks(payments))
    paymentIds.push(
      ...(await db.insert(shopPayments).values(part).returning({ id: shopPayments.id })).map((r) => r.id),
    );
  const paymentOf = new Map(payments.map((pay, k) => [pay.orderId, paymentIds[k]!]));

  for (const part of chunks(
    plans.flatMap((p, o) =>
      p.shipment
        ? [{ scenicId, orderId: orderIds[o]!, ...p.shipment, adminId: staffId, createdAt: p.shipment.at }]
        : [],
    ),
  ))
    await db.insert(shopShipments).values(part);

  const aftersaleRows = plans.flatMap((p, o) =>
    p.aftersales.map((a, k) => ({
      scenicId,
      requestNo: `A${p.orderNo.slice(1)}${k + 1}`,
      orderId: orderIds[o]!,
      memberId: p.memberId,
      type: a.type,
      status: a.status,
      statusBeforeRefund: a.before,
      reason: a.reason,
      photos: a.type === AFTER_SALE_TYPE.returnRefund ? [p.lines[0]!.sku.image].filter(Boolean) : [],
      lines: parts(o, a.lines),
      amount: a.amount,
      attempt: k + 1,
      returnCarrier: a.returnCarrier,
      returnTrackingNo: a.returnTrackingNo,
      goodsReceivedAt: a.goodsReceivedAt,
      rejectReason: a.rejectReason,
      reviewerId: a.reviewedAt ? staffId : null,
      reviewedAt: a.reviewedAt,
      createdAt: a.createdAt,
      updatedAt: a.reviewedAt ?? a.goodsReceivedAt ?? a.createdAt,
    })),
  );
  const aftersaleIds: number[] = [];
  for (const part of chunks(aftersaleRows))
    aftersaleIds.push(
      ...(await db.insert(shopAftersales).values(part).returning({ id: shopAftersales.id })).map((r) => r.id),
    );
  next = 0;
  const planAftersales = plans.map((p) => p.aftersales.map(() => aftersaleIds[next++]!));

  for (const part of chunks(
    plans.flatMap((p, o) =>
      p.refunds.map((r, k) => ({
        scenicId,
        refundNo: `R${p.orderNo.slice(1)}${k + 1}`,
        orderId: orderIds[o]!,
        aftersaleId: r.aftersale == null ? null : planAftersales[o]![r.aftersale]!,
        paymentId: paymentOf.get(orderIds[o]!) ?? null,
        payWay: p.payWay,
        amount: r.amount,
        lines: parts(o, r.lines),
        status: r.status,
        reason: r.reason,
        failReason: r.failReason,
        providerRefundId:
          r.status === 'done' && p.payWay === PAY_WECHAT ? `5030${p.orderNo.slice(1)}${k}` : null,
        adminId: r.byStaff ? staffId : null,
        doneAt: r.doneAt,
        createdAt: r.createdAt,
        updatedAt: r.doneAt ?? r.createdAt,
      })),
    ),
  ))
    await db.insert(shopRefunds).values(part);

  for (const part of chunks(
    plans.flatMap((p, o) =>
      p.review
        ? [
            {
              scenicId,
              orderId: orderIds[o]!,
              memberId: p.memberId,
              rating: p.review.rating,
              content: p.review.content,
              createdAt: p.review.at,
            },
          ]
        : [],
    ),
  ))
    await db.insert(shopReviews).values(part);

  for (const part of chunks(
    plans.flatMap((p, o) =>
      p.history.map((h) => ({
        scenicId,
        orderId: orderIds[o]!,
        transition: h.transition,
        fromStatus: h.from,
        toStatus: h.to,
        adminId: h.staff ? staffId : null,
        memberId: h.member ? p.memberId : null,
        note: h.note,
        createdAt: h.at,
      })),
    ),
  ))
    await db.insert(shopOrderHistory).values(part);

  for (const part of chunks(
    ledger.map(({ order, ...m }) => ({ ...m, orderId: order == null ? null : orderIds[order]! })),
  ))
    await db.insert(shopStockMoves).values(part);

  // SKU stock is where the ledger ended; sales are the paid pieces not refunded
  await db.execute(sql`update shop_skus s set stock = m.total, updated_at = now()
    from (select sku_id, sum(delta)::int as total from shop_stock_moves where scenic_id = ${scenicId} group by sku_id) m
    where m.sku_id = s.id`);
  await db.execute(sql`update shop_goods g set sales = coalesce((
      select sum(l.quantity - l.refunded_quantity)::int from shop_order_lines l
      join shop_orders o on o.id = l.order_id where l.goods_id = g.id and o.paid_at is not null), 0)
    where g.scenic_id = ${scenicId}`);
  return { orders: plans.length };
}

/** Walks one order along the machine from its creation until the next step would be after `now`. */
function walk(
  rnd: ReturnType<typeof random>,
  input: {
    i: number;
    /** one of the newest orders, still waiting for payment */
    waiting: boolean;
    createdAt: Date;
    now: Date;
    member: { id: number; phone: string; nickname: string };
    skus: Sku[];
    balances: Map<number, number>;
  },
): Plan {
  const { createdAt, now } = input;
  const memberId = Number(input.member.id);
  const day = createdAt.toISOString().slice(0, 10).replaceAll('-', '');
  const lineCount = rnd.next() < 0.7 ? 1 : rnd.int(2, 3);
  const chosen = new Set<Sku>();
  while (chosen.size < lineCount) chosen.add(rnd.pick(input.skus));
  const lines: Line[] = [...chosen].map((sku) => {
    const quantity = rnd.next() < 0.75 ? 1 : rnd.int(2, 3);
    return { sku, quantity, amount: sku.price * quantity, refundedQuantity: 0, refundedAmount: 0 };
  });
  const amount = sum(lines.map((l) => l.amount));
  const p: Plan = {
    orderNo: `S${day}${String(1_000_000_000 + input.i * 7919 + rnd.int(0, 7918)).slice(-10)}`,
    memberId,
    receiverName: input.member.nickname || '游客',
    receiverPhone: input.member.phone,
    receiverAddress: rnd.pick(ADDRESSES),
    status: S.pendingPayment,
    before: null,
    createdAt,
    paidAt: null,
    shippedAt: null,
    receivedAt: null,
    closedAt: null,
    closeReason: '',
    payWay: PAY_WECHAT,
    lines,
    history: [],
    stock: [],
    shipment: null,
    aftersales: [],
    refunds: [],
    review: null,
  };
  let t = createdAt.getTime();
  const open = (ms: number) => t + ms <= now.getTime();
  const move = (transition: string, to: ShopOrderStatusCode, who: 'member' | 'staff' | 'job', note = '') => {
    p.history.push({
      transition,
      from: p.history.length ? p.status : null,
      to,
      at: new Date(t),
      staff: who === 'staff',
      member: who === 'member',
      note,
    });
    p.status = to;
  };
  const stockBack = (reason: StockMoveReasonCode, at: number, parts?: LinePart[]) => {
    for (const [k, l] of lines.entries()) {
      const quantity = parts ? (parts.find((x) => x.line === k)?.quantity ?? 0) : l.quantity;
      if (quantity)
        p.stock.push({ sku: l.sku, delta: quantity, reason, at: new Date(at), staff: reason === 7 });
    }
  };
  const refundLines = (parts: LinePart[]) => {
    for (const x of parts) {
      lines[x.line]!.refundedQuantity += x.quantity;
      lines[x.line]!.refundedAmount += x.amount;
    }
  };
  const allParts = (): LinePart[] =>
    lines.map((l, line) => ({ line, quantity: l.quantity, amount: l.amount }));
  /** A refund made now; done after a while unless that is still in the future (then in transit, or failed). */
  const refund = (parts: LinePart[], reason: string, aftersale: number | null): boolean => {
    const r: Refund = {
      aftersale,
      amount: sum(parts.map((x) => x.amount)),
      lines: parts,
      status: 'transit',
      reason,
      failReason: '',
      byStaff: true,
      createdAt: new Date(t),
      doneAt: null,
    };
    p.refunds.push(r);
    const wait = p.payWay === PAY_BALANCE ? MINUTE : rnd.int(1, 48) * HOUR;
    if (!open(wait)) {
      if (p.payWay === PAY_WECHAT && rnd.next() < 0.4) {
        r.status = 'failed';
        r.failReason = '原路退回失败：用户微信账户异常';
      }
      return false;
    }
    t += wait;
    r.status = 'done';
    r.doneAt = new Date(t);
    refundLines(parts);
    return true;
  };

  p.stock.push(
    ...lines.map((l) => ({
      sku: l.sku,
      delta: -l.quantity,
      reason: STOCK_MOVE.orderPlaced,
      at: createdAt,
      staff: false,
    })),
  );
  move('S1', S.pendingPayment, 'member');
  const payIn = rnd.int(1, 20) * MINUTE;
  const r0 = rnd.next();
  if (input.waiting || !open(payIn)) return p;
  // a week's cancellations are not archived yet: a few more of them lately, so the list shows some
  const cancelShare = now.getTime() - createdAt.getTime() < SHOP_RULES.archiveDays * DAY ? 0.2 : 0.06;
  if (r0 < cancelShare) {
    // unpaid: cancelled by the buyer or timed out (stock back), archived a week later
    const byBuyer = r0 < cancelShare / 2;
    if (!byBuyer && !open(SHOP_RULES.payMinutes * MINUTE)) return p;
    t += byBuyer ? payIn : SHOP_RULES.payMinutes * MINUTE;
    if (byBuyer) move('S3', S.userCancelled, 'member');
    else move('S4', S.systemCancelled, 'job', '超时未支付');
    stockBack(STOCK_MOVE.orderCancelled, t);
    p.closedAt = new Date(t);
    if (open(SHOP_RULES.archiveDays * DAY)) {
      t += SHOP_RULES.archiveDays * DAY;
      move('S23', S.closed, 'job');
    }
    return p;
  }
  t += payIn;
  const balance = input.balances.get(memberId) ?? 0;
  if (rnd.next() < 0.25 && balance >= amount) {
    p.payWay = PAY_BALANCE;
    input.balances.set(memberId, balance - amount);
  }
  p.paidAt = new Date(t);
  move('S2', S.pendingShipment, 'member');

  /** Refunded in full: S13 or S8 to 205, S18 to 203 when the refund is done, archived after a week. */
  const refundAll = (reason: string, aftersale: number | null, unshipped: boolean, parts = allParts()) => {
    if (!refund(parts, reason, aftersale)) return;
    if (unshipped) stockBack(STOCK_MOVE.orderCancelled, t);
    move('S18', S.refunded, 'job');
    p.before = null;
    p.closedAt = new Date(t);
    if (open(SHOP_RULES.archiveDays * DAY)) {
      t += SHOP_RULES.archiveDays * DAY;
      move('S23', S.closed, 'job');
    }
  };
  /**
   * An after-sales request (S7 before shipment: refund only; S12 after receipt), then reviewed;
   * answers whether the normal flow goes on (rejected or withdrawn) with the time it may go on.
   */
  const afterSale = (before: ShopOrderStatusCode): boolean => {
    const type =
      before === S.pendingShipment || rnd.next() < 0.5
        ? AFTER_SALE_TYPE.refundOnly
        : AFTER_SALE_TYPE.returnRefund;
    const some = before !== S.pendingShipment && lines.length > 1 && rnd.next() < 0.3;
    const asked = some ? [{ line: 0, quantity: lines[0]!.quantity, amount: lines[0]!.amount }] : allParts();
    const a: Aftersale = {
      type,
      status: AS.requested,
      before,
      reason:
        type === AFTER_SALE_TYPE.returnRefund
          ? '商品与描述不符，申请退货'
          : before === S.pendingShipment
            ? '不想要了'
            : '商品有破损',
      lines: asked,
      amount: sum(asked.map((x) => x.amount)),
      returnCarrier: type === AFTER_SALE_TYPE.returnRefund ? rnd.pick(CARRIERS) : '',
      returnTrackingNo: type === AFTER_SALE_TYPE.returnRefund ? `RT${p.orderNo.slice(-10)}` : '',
      goodsReceivedAt: null,
      rejectReason: '',
      reviewedAt: null,
      createdAt: new Date(t),
    };
    const index = p.aftersales.push(a) - 1;
    p.before = before;
    move(before === S.pendingShipment ? 'S7' : 'S12', S.refundRequested, 'member', a.reason);
    const r = rnd.next();
    if (r < 0.15) {
      // withdrawn by the buyer
      if (!open(6 * HOUR)) return false;
      t += 6 * HOUR;
      a.status = AS.withdrawn;
      p.before = null;
      move('S15', before, 'member');
      return true;
    }
    if (type === AFTER_SALE_TYPE.returnRefund) {
      if (!open(3 * DAY)) return false;
      t += 3 * DAY;
      a.goodsReceivedAt = new Date(t);
      stockBack(STOCK_MOVE.returned, t, asked);
    }
    if (!open(rnd.int(2, 30) * HOUR)) return false;
    t += rnd.int(2, 30) * HOUR;
    a.reviewedAt = new Date(t);
    if (r < 0.3 && type === AFTER_SALE_TYPE.refundOnly) {
      a.status = AS.rejected;
      a.rejectReason = before === S.pendingShipment ? '商品已打包待发出' : '照片未见破损，请联系客服';
      move('S14', S.refundRejected, 'staff', a.rejectReason);
      return true;
    }
    a.status = AS.approved;
    move('S13', S.refunding, 'staff');
    refundAll(a.reason, index, before === S.pendingShipment, asked);
    return false;
  };

  const r1 = rnd.next();
  if (r1 < 0.05) {
    // the merchant refunds before shipment (S8)
    const wait = rnd.int(1, 20) * HOUR;
    if (!open(wait)) return p;
    t += wait;
    move('S8', S.refunding, 'staff', '缺货，商家退款');
    refundAll('缺货，商家退款', null, true);
    return p;
  }
  let rejectedBefore = false;
  if (r1 < 0.11) {
    const wait = rnd.int(1, 12) * HOUR;
    if (!open(wait)) return p;
    t += wait;
    if (!afterSale(S.pendingShipment)) return p;
    rejectedBefore = p.status === S.refundRejected;
  }
  const shipIn = rnd.int(4, 40) * HOUR;
  if (!open(shipIn)) return p;
  t += shipIn;
  const carrier = rnd.pick(CARRIERS);
  p.shipment = {
    carrier,
    trackingNo: `${carrier === '顺丰速运' ? 'SF' : 'YT'}${p.orderNo.slice(-12)}`,
    at: new Date(t),
  };
  p.shippedAt = new Date(t);
  move(rejectedBefore ? 'S17' : 'S6', S.shipped, 'staff', `${carrier} ${p.shipment.trackingNo}`);
  p.before = null;
  const receiveIn = rnd.int(2, 10) * DAY;
  if (!open(receiveIn)) return p;
  t += receiveIn;
  const received = t;
  p.receivedAt = new Date(t);
  move('S9', S.received, receiveIn >= SHOP_RULES.autoReceiveDays * DAY ? 'job' : 'member');
  const afterSaleEnd = received + SHOP_RULES.afterSaleDays * DAY;
  const reviewEnd = received + SHOP_RULES.reviewDays * DAY;
  let rejected = false;
  if (rnd.next() < 0.1) {
    const wait = rnd.int(1, 4) * DAY;
    if (!open(wait)) return p;
    t += wait;
    if (!afterSale(S.received)) return p;
    rejected = p.status === S.refundRejected;
  }
  const until = (end: number) => {
    if (end > now.getTime()) return false;
    t = Math.max(t, end);
    return true;
  };
  if (rnd.next() < 0.15) {
    // completed without a review window (S11; S17 after a rejected request)
    if (!until(afterSaleEnd)) return p;
    move(rejected ? 'S17' : 'S11', S.closed, 'job');
    p.before = null;
    p.closedAt = new Date(t);
    return p;
  }
  if (!open(rejected ? HOUR : MINUTE)) return p;
  t += rejected ? HOUR : MINUTE;
  move(rejected ? 'S17' : 'S10', S.pendingReview, 'job');
  p.before = null;
  if (rnd.next() < 0.6) {
    const wait = rnd.int(1, 10) * DAY;
    if (!open(wait)) return p;
    t += wait;
    const rating = rnd.next() < 0.8 ? 5 : rnd.int(2, 4);
    p.review = {
      rating,
      content: rating >= 4 ? rnd.pick(REVIEWS.slice(0, 4)) : REVIEWS[4]!,
      at: new Date(t),
    };
    move('S20', S.reviewed, 'member');
    if (!until(afterSaleEnd)) return p;
    move('S22', S.closed, 'job');
  } else {
    if (!until(reviewEnd)) return p;
    move('S21', S.closed, 'job');
  }
  p.closedAt = new Date(t);
  return p;
}
