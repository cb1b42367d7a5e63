import { and, eq, gte, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { maskPhone } from '../../../../shared/api/reservations.ts';
import type {
  ShopAftersalePage,
  ShopAftersaleRow,
  ShopOrderDetail,
  ShopOrderPage,
  ShopOrderRow,
  ShopOrderTotals,
} from '../../../../shared/api/shop-orders.ts';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/rows.ts';
import { likeContains } from '../../../http/paging.ts';
import { admins } from '../../accounts/index.ts';
import { members } from '../../members/index.ts';
import {
  shopAftersales,
  shopOrderHistory,
  shopOrderLines,
  shopOrders,
  shopPayments,
  shopRefunds,
  shopReviews,
  shopShipments,
  type ShopOrder,
} from '../shop.table.ts';

type Aftersale = typeof shopAftersales.$inferSelect;
const iso = (d: Date | null) => (d ? d.toISOString() : null);
const mask = (phone: string | null) => (phone ? maskPhone(phone) : phone);
const operatorName = sql<string>`coalesce(nullif(${admins.nickname}, ''), ${admins.username})`;

/** The first instant of an area's day, in SQL (the area's zone read in the same statement). */
const dayStart = (scenicId: number, day: string) =>
  sql`(${day}::date)::timestamp at time zone (select time_zone from scenic_areas where id = ${scenicId})`;
const dayEnd = (scenicId: number, day: string) =>
  sql`((${day}::date + 1)::timestamp at time zone (select time_zone from scenic_areas where id = ${scenicId}))`;
/** Area days from and to, inclusive, of a time column. */
function dayRange(column: PgColumn, scenicId: number, from?: string, to?: string) {
  return and(
    from ? gte(column, dayStart(scenicId, from)) : undefined,
    to ? lt(column, dayEnd(scenicId, to)) : undefined,
  );
}

/** /shop/shopOrder's filter: the acting area and the search form (docs/product.md §2). */
export function shopOrderWhere(scenicId: number, q: ShopOrderPage): SQL | undefined {
  return and(
    eq(shopOrders.scenicId, scenicId),
    q.orderNo ? eq(shopOrders.orderNo, q.orderNo) : undefined,
    q.status ? eq(shopOrders.status, q.status) : undefined,
    q.phone
      ? or(
          eq(shopOrders.receiverPhone, q.phone),
          sql`exists (select 1 from ${members} m where m.id = ${shopOrders.memberId} and m.phone = ${q.phone})`,
        )
      : undefined,
    q.receiverName ? ilike(shopOrders.receiverName, likeContains(q.receiverName)) : undefined,
    q.goodsName
      ? sql`exists (select 1 from ${shopOrderLines} l where l.order_id = ${shopOrders.id} and l.goods_name ilike ${likeContains(q.goodsName)})`
      : undefined,
    q.trackingNo
      ? sql`exists (select 1 from ${shopShipments} s where s.order_id = ${shopOrders.id} and s.tracking_no = ${q.trackingNo})`
      : undefined,
    dayRange(shopOrders.createdAt, scenicId, q.createDateFrom, q.createDateTo),
    dayRange(shopOrders.paidAt, scenicId, q.payDateFrom, q.payDateTo),
  );
}

/** Orders → list rows: the buyer (phone masked), the goods summary, pay way, the latest shipment. */
export async function shopOrderRows(db: Db, records: ShopOrder[]): Promise<ShopOrderRow[]> {
  if (!records.length) return [];
  const ids = records.map((r) => r.id);
  const memberIds = [...new Set(records.map((r) => r.memberId).filter((id): id is number => id != null))];
  const [buyers, lines, payments, shipments, open] = await Promise.all([
    memberIds.length
      ? db
          .select({ id: members.id, phone: members.phone, nickname: members.nickname })
          .from(members)
          .where(inArray(members.id, memberIds))
      : [],
    db
      .select({
        orderId: shopOrderLines.orderId,
        goodsName: shopOrderLines.goodsName,
        quantity: shopOrderLines.quantity,
      })
      .from(shopOrderLines)
      .where(inArray(shopOrderLines.orderId, ids))
      .orderBy(shopOrderLines.id),
    db
      .select({ orderId: shopPayments.orderId, payWay: shopPayments.payWay })
      .from(shopPayments)
      .where(inArray(shopPayments.orderId, ids))
      .orderBy(shopPayments.id),
    db
      .select({
        orderId: shopShipments.orderId,
        carrier: shopShipments.carrier,
        trackingNo: shopShipments.trackingNo,
      })
      .from(shopShipments)
      .where(inArray(shopShipments.orderId, ids))
      .orderBy(shopShipments.id),
    db
      .select({ orderId: shopAftersales.orderId })
      .from(shopAftersales)
      .where(and(inArray(shopAftersales.orderId, ids), eq(shopAftersales.status, 1))),
  ]);
  const buyer = new Map(buyers.map((b) => [b.id, b]));
  const payWay = new Map(payments.map((p) => [p.orderId, p.payWay]));
  const shipment = new Map(shipments.map((s) => [s.orderId, s]));
  const openIds = new Set(open.map((a) => a.orderId));
  const linesOf = new Map<number, typeof lines>();
  for (const l of lines) linesOf.set(l.orderId, [...(linesOf.get(l.orderId) ?? []), l]);
  return records.map((r) => {
    const mine = linesOf.get(r.id) ?? [];
    const b = r.memberId == null ? undefined : buyer.get(r.memberId);
    const s = shipment.get(r.id);
    return {
      id: r.id,
      orderNo: r.orderNo,
      status: r.status,
      statusBeforeRefund: r.statusBeforeRefund,
      memberId: r.memberId,
      memberPhone: mask(b?.phone ?? null),
      memberNickname: b?.nickname ?? null,
      receiverName: r.receiverName,
      receiverPhone: maskPhone(r.receiverPhone),
      receiverAddress: r.receiverAddress,
      goodsSummary: mine.map((l) => `${l.goodsName} × ${l.quantity}`).join('，'),
      pieces: mine.reduce((n, l) => n + l.quantity, 0),
      goodsAmount: r.goodsAmount,
      freight: r.freight,
      discount: r.discount,
      payAmount: r.payAmount,
      refundedAmount: r.refundedAmount,
      payWay: r.paidAt ? (payWay.get(r.id) ?? null) : null,
      carrier: s?.carrier ?? null,
      trackingNo: s?.trackingNo ?? null,
      afterSaleOpen: openIds.has(r.id),
      remark: r.remark,
      createTime: r.createdAt.toISOString(),
      payTime: iso(r.paidAt),
      shipTime: iso(r.shippedAt),
      receiveTime: iso(r.receivedAt),
      expiresAt: r.expiresAt.toISOString(),
    };
  });
}

/** The totals bar of /shop/shopOrder: count and sums of the same filter. */
export async function shopOrderTotals(db: Db, where: SQL | undefined): Promise<ShopOrderTotals> {
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      goodsAmount: sql<number>`coalesce(sum(${shopOrders.goodsAmount}), 0)::bigint`,
      payAmount: sql<number>`coalesce(sum(${shopOrders.payAmount}), 0)::bigint`,
      refundedAmount: sql<number>`coalesce(sum(${shopOrders.refundedAmount}), 0)::bigint`,
      pieces: sql<number>`coalesce(sum((select sum(l.quantity) from shop_order_lines l where l.order_id = shop_orders.id)), 0)::bigint`,
    })
    .from(shopOrders)
    .where(where);
  return {
    count: Number(row?.count ?? 0),
    goodsAmount: Number(row?.goodsAmount ?? 0),
    payAmount: Number(row?.payAmount ?? 0),
    refundedAmount: Number(row?.refundedAmount ?? 0),
    pieces: Number(row?.pieces ?? 0),
  };
}

/** An order of the area with everything the detail page shows; null when not the area's. */
export async function shopOrderDetail(db: Db, scenicId: number, id: number): Promise<ShopOrderDetail | null> {
  const [record] = await db
    .select()
    .from(shopOrders)
    .where(and(eq(shopOrders.id, id), eq(shopOrders.scenicId, scenicId)));
  if (!record) return null;
  const [row] = await shopOrderRows(db, [record]);
  const [lines, payments, shipments, refunds, aftersales, reviews, history, coupon] = await Promise.all([
    db.select().from(shopOrderLines).where(eq(shopOrderLines.orderId, id)).orderBy(shopOrderLines.id),
    db.select().from(shopPayments).where(eq(shopPayments.orderId, id)).orderBy(shopPayments.id),
    db
      .select({ s: shopShipments, operator: operatorName })
      .from(shopShipments)
      .leftJoin(admins, eq(admins.id, shopShipments.adminId))
      .where(eq(shopShipments.orderId, id))
      .orderBy(shopShipments.id),
    db
      .select({ r: shopRefunds, operator: operatorName })
      .from(shopRefunds)
      .leftJoin(admins, eq(admins.id, shopRefunds.adminId))
      .where(eq(shopRefunds.orderId, id))
      .orderBy(shopRefunds.id),
    db.select().from(shopAftersales).where(eq(shopAftersales.orderId, id)).orderBy(shopAftersales.id),
    db.select().from(shopReviews).where(eq(shopReviews.orderId, id)),
    db
      .select({ h: shopOrderHistory, operator: operatorName })
      .from(shopOrderHistory)
      .leftJoin(admins, eq(admins.id, shopOrderHistory.adminId))
      .where(eq(shopOrderHistory.orderId, id))
      .orderBy(shopOrderHistory.createdAt, shopOrderHistory.id),
    record.memberCouponId == null
      ? []
      : queryRows<{ name: string }>(
          db,
          sql`select c.name from member_coupons mc join coupons c on c.id = mc.coupon_id where mc.id = ${record.memberCouponId}`,
        ),
  ]);
  const review = reviews[0];
  return {
    ...row!,
    // the detail is where staff ship from: the receiver's phone in full
    receiverPhone: record.receiverPhone,
    statusBeforeRefund: record.statusBeforeRefund,
    memberCouponId: record.memberCouponId,
    couponName: coupon[0]?.name ?? null,
    closeReason: record.closeReason,
    afterSaleUntil: iso(record.afterSaleUntil),
    reviewUntil: iso(record.reviewUntil),
    lines: lines.map((l) => ({
      id: l.id,
      goodsId: l.goodsId,
      skuId: l.skuId,
      goodsName: l.goodsName,
      specText: l.specText,
      image: l.image,
      price: l.price,
      quantity: l.quantity,
      amount: l.amount,
      refundedQuantity: l.refundedQuantity,
      refundedAmount: l.refundedAmount,
    })),
    payments: payments.map((p) => ({
      id: p.id,
      payWay: p.payWay,
      amount: p.amount,
      providerTxnId: p.providerTxnId,
      status: p.status,
      createTime: p.createdAt.toISOString(),
    })),
    shipments: shipments.map(({ s, operator }) => ({
      carrier: s.carrier,
      trackingNo: s.trackingNo,
      operator: s.adminId == null ? null : operator,
      createTime: s.createdAt.toISOString(),
    })),
    refunds: refunds.map(({ r, operator }) => ({
      id: r.id,
      refundNo: r.refundNo,
      aftersaleId: r.aftersaleId,
      payWay: r.payWay,
      amount: r.amount,
      lines: r.lines,
      status: r.status,
      reason: r.reason,
      failReason: r.failReason,
      operator: r.adminId == null ? null : operator,
      createTime: r.createdAt.toISOString(),
      doneTime: iso(r.doneAt),
    })),
    aftersales: await shopAftersaleRows(db, aftersales),
    review: review
      ? {
          rating: review.rating,
          content: review.content,
          photos: review.photos,
          createTime: review.createdAt.toISOString(),
        }
      : null,
    history: history.map(({ h, operator }) => ({
      transition: h.transition,
      fromStatus: h.fromStatus,
      toStatus: h.toStatus,
      operator: h.adminId == null ? null : operator,
      byMember: h.memberId != null,
      note: h.note,
      createTime: h.createdAt.toISOString(),
    })),
  };
}

/** /order/countShipOrder: paid orders of the area waiting for shipment (201). */
export async function countShipOrders(db: Db, scenicId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(shopOrders)
    .where(and(eq(shopOrders.scenicId, scenicId), eq(shopOrders.status, 201)));
  return Number(row?.n ?? 0);
}

/** /shop/aftersale's filter: the acting area and the search form. */
export function shopAftersaleWhere(scenicId: number, q: ShopAftersalePage): SQL | undefined {
  return and(
    eq(shopAftersales.scenicId, scenicId),
    q.requestNo ? eq(shopAftersales.requestNo, q.requestNo) : undefined,
    q.orderNo
      ? sql`exists (select 1 from ${shopOrders} o where o.id = ${shopAftersales.orderId} and o.order_no = ${q.orderNo})`
      : undefined,
    q.type ? eq(shopAftersales.type, q.type) : undefined,
    q.status ? eq(shopAftersales.status, q.status) : undefined,
    q.phone
      ? or(
          sql`exists (select 1 from ${members} m where m.id = ${shopAftersales.memberId} and m.phone = ${q.phone})`,
          sql`exists (select 1 from ${shopOrders} o where o.id = ${shopAftersales.orderId} and o.receiver_phone = ${q.phone})`,
        )
      : undefined,
    dayRange(shopAftersales.createdAt, scenicId, q.createDateFrom, q.createDateTo),
  );
}

/** After-sales requests → rows: the order, the buyer's masked phone, the lines' names, the reviewer. */
export async function shopAftersaleRows(db: Db, records: Aftersale[]): Promise<ShopAftersaleRow[]> {
  if (!records.length) return [];
  const orderIds = [...new Set(records.map((r) => r.orderId))];
  const memberIds = [...new Set(records.map((r) => r.memberId).filter((id): id is number => id != null))];
  const reviewerIds = [...new Set(records.map((r) => r.reviewerId).filter((id): id is number => id != null))];
  const [orders, lines, buyers, reviewers] = await Promise.all([
    db
      .select({ id: shopOrders.id, orderNo: shopOrders.orderNo, status: shopOrders.status })
      .from(shopOrders)
      .where(inArray(shopOrders.id, orderIds)),
    db
      .select({
        id: shopOrderLines.id,
        goodsName: shopOrderLines.goodsName,
        specText: shopOrderLines.specText,
      })
      .from(shopOrderLines)
      .where(inArray(shopOrderLines.orderId, orderIds)),
    memberIds.length
      ? db
          .select({ id: members.id, phone: members.phone })
          .from(members)
          .where(inArray(members.id, memberIds))
      : [],
    reviewerIds.length
      ? db.select({ id: admins.id, name: operatorName }).from(admins).where(inArray(admins.id, reviewerIds))
      : [],
  ]);
  const order = new Map(orders.map((o) => [o.id, o]));
  const line = new Map(lines.map((l) => [l.id, l]));
  const phone = new Map(buyers.map((b) => [b.id, b.phone]));
  const reviewer = new Map(reviewers.map((a) => [a.id, a.name]));
  return records.map((a) => ({
    id: a.id,
    requestNo: a.requestNo,
    orderId: a.orderId,
    orderNo: order.get(a.orderId)?.orderNo ?? '',
    orderStatus: order.get(a.orderId)?.status ?? 0,
    memberPhone: mask(a.memberId == null ? null : (phone.get(a.memberId) ?? null)),
    type: a.type,
    status: a.status,
    statusBeforeRefund: a.statusBeforeRefund,
    reason: a.reason,
    photos: a.photos,
    lines: a.lines.map((x) => ({
      lineId: x.lineId,
      goodsName: line.get(x.lineId)?.goodsName ?? '',
      specText: line.get(x.lineId)?.specText ?? '',
      quantity: x.quantity,
      amount: x.amount,
    })),
    amount: a.amount,
    attempt: a.attempt,
    returnCarrier: a.returnCarrier,
    returnTrackingNo: a.returnTrackingNo,
    goodsReceivedTime: iso(a.goodsReceivedAt),
    rejectReason: a.rejectReason,
    reviewer: a.reviewerId == null ? null : (reviewer.get(a.reviewerId) ?? null),
    reviewTime: iso(a.reviewedAt),
    createTime: a.createdAt.toISOString(),
  }));
}
