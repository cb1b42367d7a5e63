import { and, asc, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { OrderDetail, OrderDistribution } from '../../../shared/api/orders.ts';
import type { AuditTargetCode } from '../../../shared/dict/audit.ts';
import { TICKET_STATUS } from '../../../shared/dict/order.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { notFound } from '../../http/errors.ts';
import { admins } from '../accounts/index.ts';
import { distributors } from '../distribution/index.ts';
import { auditLogs } from '../audit/index.ts';
import { gateEvents } from '../checkin/index.ts';
import { gates } from '../gates/index.ts';
import { orderTickets, payments } from '../orders/index.ts';
import { priceTiers } from '../price-tiers/index.ts';
import { productSessions, ticketProducts, ticketTypes } from '../products/index.ts';
import { refundRequests, refunds, refundView } from '../refunds/index.ts';
import { settlementBatches, settlementItems } from '../settlement/index.ts';
import { findOrder } from './order-admin.query.ts';

/** What the order detail and distribution screens show of one order (docs/product.md §2 detailPage, disOrderPage). */

type Order = NonNullable<Awaited<ReturnType<typeof findOrder>>>;
type Records = Awaited<ReturnType<typeof orderRecords>>;
type History = Awaited<ReturnType<typeof orderHistory>>;

/**
 * The audit trail of an order: rows whose target is the order (by id or order number: the orders
 * service names it by number), one of its refund requests or refunds (src/shared/dict/audit.ts).
 */
const auditTarget = (target: AuditTargetCode, ids: string[]) =>
  ids.length ? and(eq(auditLogs.targetType, target), inArray(auditLogs.targetId, ids)) : undefined;

const iso = (d: Date | null | undefined) => d?.toISOString() ?? null;

/** The rows of an order: tickets with product and session names, payments, refunds, refund requests, its account. */
async function orderRecords(db: Db, scenicId: number, order: Order) {
  const id = order.id;
  const [tickets, pays, backs, requests, admin] = await Promise.all([
    db
      .select({
        t: orderTickets,
        productName: ticketProducts.name,
        typeName: ticketTypes.name,
        validityDisplay: ticketProducts.validityDisplay,
        validityText: ticketProducts.validityText,
        sessionName: productSessions.name,
      })
      .from(orderTickets)
      .innerJoin(ticketProducts, eq(ticketProducts.id, orderTickets.productId))
      .leftJoin(ticketTypes, eq(ticketTypes.id, ticketProducts.typeId))
      .leftJoin(productSessions, eq(productSessions.id, orderTickets.sessionId))
      .where(and(eq(orderTickets.orderId, id), eq(orderTickets.scenicId, scenicId)))
      .orderBy(asc(orderTickets.id)),
    db
      .select()
      .from(payments)
      .where(and(eq(payments.orderId, id), eq(payments.scenicId, scenicId)))
      .orderBy(asc(payments.id)),
    db
      .select()
      .from(refunds)
      .where(and(eq(refunds.orderId, id), eq(refunds.scenicId, scenicId)))
      .orderBy(asc(refunds.id)),
    db
      .select()
      .from(refundRequests)
      .where(and(eq(refundRequests.orderId, id), eq(refundRequests.scenicId, scenicId)))
      .orderBy(asc(refundRequests.id)),
    order.adminId
      ? db
          .select({ username: admins.username, nickname: admins.nickname })
          .from(admins)
          .where(eq(admins.id, order.adminId))
      : Promise.resolve([]),
  ]);
  return { tickets, pays, backs, requests, admin };
}

/** The gate events of the order's tickets (newest 500) and its audit trail (newest 200). */
async function orderHistory(db: Db, scenicId: number, order: Order, records: Records) {
  const id = order.id;
  const { backs, requests } = records;
  const ticketIds = records.tickets.map((x) => x.t.id);
  const [events, audit] = await Promise.all([
    ticketIds.length
      ? db
          .select({ e: gateEvents, gateName: gates.name })
          .from(gateEvents)
          .leftJoin(gates, eq(gates.id, gateEvents.gateId))
          .where(and(inArray(gateEvents.ticketId, ticketIds), eq(gateEvents.scenicId, scenicId)))
          .orderBy(desc(gateEvents.scannedAt), desc(gateEvents.id))
          .limit(500)
      : Promise.resolve([]),
    db
      .select()
      .from(auditLogs)
      .where(
        and(
          eq(auditLogs.scenicId, scenicId),
          or(
            auditTarget('ticketOrder', [String(id), order.orderNo]),
            auditTarget(
              'refundRequest',
              requests.map((r) => String(r.id)),
            ),
            auditTarget(
              'refund',
              backs.map((r) => String(r.id)),
            ),
          ),
        ),
      )
      .orderBy(desc(auditLogs.createdAt), desc(auditLogs.id))
      .limit(200),
  ]);
  return { events, audit };
}

/** The member of a member's order (nickname, or the phone's last four digits) and the coupon's name. */
async function memberOf(
  db: Db,
  order: Order,
): Promise<{ memberName: string | null; couponName: string | null }> {
  if (order.memberId == null) return { memberName: null, couponName: null };
  const [row] = await queryRows<{ nickname: string; phone: string | null; coupon: string | null }>(
    db,
    sql`select m.nickname, m.phone, c.name as coupon
        from members m
        left join member_coupons mc on mc.id = ${order.memberCouponId}
        left join coupons c on c.id = mc.coupon_id
        where m.id = ${order.memberId}`,
  );
  if (!row) return { memberName: null, couponName: null };
  return {
    memberName: row.nickname || (row.phone ? `****${row.phone.slice(-4)}` : `#${order.memberId}`),
    couponName: row.coupon,
  };
}

function orderHead(
  order: Order,
  { tickets, admin, pays }: Records,
  member: { memberName: string | null; couponName: string | null },
): OrderDetail['order'] {
  const [first] = tickets;
  const products = new Set(tickets.map((x) => x.t.productId));
  const withTxn = pays.filter((p) => p.providerTxnId);
  const paid = withTxn.find((p) => p.status === 'confirmed' || p.status === 'refunded') ?? withTxn.at(-1);
  return {
    id: order.id,
    orderNo: order.orderNo,
    channel: order.channel,
    clientId: order.clientId,
    externalNo: order.externalNo,
    productName: first?.productName ?? '',
    productCount: products.size,
    ticketTypeName: first?.typeName ?? '',
    payId: paid?.providerTxnId ?? null,
    ticketCount: order.ticketCount,
    visitDate: order.visitDate,
    totalAmount: order.totalAmount,
    paidAmount: order.paidAmount,
    refundedAmount: order.refundedAmount,
    payWay: order.payWay,
    payStatus: order.payStatus,
    status: order.status,
    buyerName: order.buyerName,
    buyerPhone: order.buyerPhone,
    buyerIdNumber: order.buyerIdNumber,
    createTime: order.createdAt.toISOString(),
    paidTime: iso(order.paidAt),
    remark: order.remark,
    expiresTime: iso(order.expiresAt),
    cancelledTime: iso(order.cancelledAt),
    adminId: order.adminId,
    adminName: admin[0] ? admin[0].nickname || admin[0].username : null,
    memberId: order.memberId,
    originalAmount: order.originalAmount,
    levelDiscount: order.levelDiscount,
    couponDiscount: order.couponDiscount,
    ...member,
  };
}

function ticketsOf({ tickets }: Records, showCodes: boolean): OrderDetail['tickets'] {
  return tickets.map(({ t, productName, sessionName, validityDisplay, validityText }) => ({
    id: t.id,
    productId: t.productId,
    productName,
    productType: t.productType,
    validityDisplay,
    validityText,
    sessionName,
    seatLabel: t.seatLabel,
    visitDate: t.visitDate,
    validFrom: t.validFrom.toISOString(),
    validUntil: t.validUntil.toISOString(),
    price: t.price,
    visitorName: t.visitorName,
    visitorIdNumber: t.visitorIdNumber,
    visitorPhone: t.visitorPhone,
    status: t.status,
    code: showCodes ? t.code : null,
    codeHidden: !showCodes,
    entriesLeft: t.entriesLeft,
    entryCount: t.entryCount,
    firstEntryTime: iso(t.firstEntryAt),
    printCount: t.printCount,
  }));
}

function moneyOf({
  pays,
  backs,
  requests,
}: Records): Pick<OrderDetail, 'payments' | 'refunds' | 'refundRequests'> {
  return {
    payments: pays.map((p) => ({
      id: p.id,
      payWay: p.payWay,
      provider: p.provider,
      providerTxnId: p.providerTxnId,
      amount: p.amount,
      refundedAmount: p.refundedAmount,
      status: p.status,
      createTime: p.createdAt.toISOString(),
      confirmedTime: iso(p.confirmedAt),
    })),
    refunds: backs.map(refundView),
    refundRequests: requests.map((r) => ({
      id: r.id,
      ticketId: r.ticketId,
      status: r.status,
      statusBeforeRefund: r.statusBeforeRefund,
      ticketAmount: r.ticketAmount,
      fee: r.fee,
      refundAmount: r.refundAmount,
      reason: r.reason,
      requestedBy: r.requestedBy,
      rejectReason: r.rejectReason,
      createTime: r.createdAt.toISOString(),
      reviewedTime: iso(r.reviewedAt),
    })),
  };
}

function historyOf({ events, audit }: History): Pick<OrderDetail, 'gateEvents' | 'audit'> {
  return {
    gateEvents: events.map(({ e, gateName }) => ({
      id: e.id,
      ticketId: e.ticketId,
      gateId: e.gateId,
      gateName: gateName ?? '',
      deviceId: e.deviceId,
      direction: e.direction,
      result: e.result,
      offline: e.offline,
      forced: e.forced,
      scanTime: e.scannedAt.toISOString(),
    })),
    audit: audit.map((a) => ({
      id: a.id,
      username: a.username,
      module: a.module,
      action: a.action,
      targetType: a.targetType,
      before: a.before ?? null,
      after: a.after ?? null,
      createTime: a.createdAt.toISOString(),
    })),
  };
}

/**
 * An order of the area (of the distributor `ownerId`, when given) with its tickets, payments, refunds,
 * refund requests, gate events and audit trail; ticket codes only when `showCodes`. 404 otherwise.
 */
export async function orderDetail(
  db: Db,
  scenicId: number,
  id: number,
  options: { ownerId: number | null; showCodes: boolean },
): Promise<OrderDetail> {
  const order = await findOrder(db, scenicId, id, options.ownerId);
  if (!order) throw notFound('recordNotFound');
  const records = await orderRecords(db, scenicId, order);
  const history = await orderHistory(db, scenicId, order, records);
  return {
    order: orderHead(order, records, await memberOf(db, order)),
    tickets: ticketsOf(records, options.showCodes),
    ...moneyOf(records),
    ...historyOf(history),
  };
}

/** The tickets of an order with their product's validity display and their settlement row. */
async function settlementOf(db: Db, scenicId: number, orderId: number) {
  const [tickets, batches] = await Promise.all([
    db
      .select({
        t: orderTickets,
        productName: ticketProducts.name,
        validityDisplay: ticketProducts.validityDisplay,
        validityText: ticketProducts.validityText,
        batchNo: settlementBatches.batchNo,
        commission: settlementItems.commission,
        settledAmount: settlementItems.amount,
      })
      .from(orderTickets)
      .innerJoin(ticketProducts, eq(ticketProducts.id, orderTickets.productId))
      .leftJoin(settlementItems, eq(settlementItems.ticketId, orderTickets.id))
      .leftJoin(settlementBatches, eq(settlementBatches.id, settlementItems.batchId))
      .where(and(eq(orderTickets.orderId, orderId), eq(orderTickets.scenicId, scenicId)))
      .orderBy(asc(orderTickets.id)),
    db
      .select({
        b: settlementBatches,
        tickets: sql<number>`count(*)::int`,
        amount: sql<number>`sum(${settlementItems.amount})::int`,
        commission: sql<number>`sum(${settlementItems.commission})::int`,
      })
      .from(settlementItems)
      .innerJoin(settlementBatches, eq(settlementBatches.id, settlementItems.batchId))
      .where(and(eq(settlementItems.orderId, orderId), eq(settlementItems.scenicId, scenicId)))
      .groupBy(settlementBatches.id)
      .orderBy(asc(settlementBatches.periodFrom)),
  ]);
  return { tickets, batches };
}

/**
 * The distribution view of an order: channel, client, distributor account and agency, price tier,
 * settlement price, its settlement rows (batch, amount, commission) and state; 404 when not visible
 * (another area's order, or another distributor's for a distributor's account).
 */
export async function orderDistribution(
  db: Db,
  scenicId: number,
  id: number,
  ownerId: number | null,
): Promise<OrderDistribution> {
  const order = await findOrder(db, scenicId, id, ownerId);
  if (!order) throw notFound('recordNotFound');
  const [[distributor], [agency], [sums], [tier], settlement] = await Promise.all([
    order.adminId
      ? db
          .select({
            id: admins.id,
            username: admins.username,
            nickname: admins.nickname,
            admType: admins.admType,
            payType: admins.payType,
          })
          .from(admins)
          .where(eq(admins.id, order.adminId))
      : Promise.resolve([]),
    order.adminId
      ? db
          .select({ id: distributors.id, company: distributors.company, state: distributors.state })
          .from(distributors)
          .where(and(eq(distributors.adminId, order.adminId), eq(distributors.scenicId, scenicId)))
      : Promise.resolve([]),
    db
      .select({
        amount: sql<number>`coalesce(sum(${orderTickets.price}), 0)::int`,
        floor: sql<number | null>`sum(${orderTickets.retailFloor})::int`,
      })
      .from(orderTickets)
      .where(eq(orderTickets.orderId, order.id)),
    order.tierId
      ? db
          .select({ id: priceTiers.id, name: priceTiers.name })
          .from(priceTiers)
          .where(eq(priceTiers.id, order.tierId))
      : Promise.resolve([]),
    settlementOf(db, scenicId, order.id),
  ]);
  const settled = settlement.tickets.filter(
    (x) => x.batchNo != null && x.t.status === TICKET_STATUS.settled,
  ).length;
  const count = settlement.tickets.length;
  return {
    id: order.id,
    orderNo: order.orderNo,
    channel: order.channel,
    clientId: order.clientId,
    externalNo: order.externalNo,
    distributor: distributor ?? null,
    agency: agency ?? null,
    payWay: order.payWay,
    payStatus: order.payStatus,
    status: order.status,
    ticketCount: order.ticketCount,
    totalAmount: order.totalAmount,
    paidAmount: order.paidAmount,
    refundedAmount: order.refundedAmount,
    dueAmount: order.paidAmount - order.refundedAmount,
    settledTickets: settled,
    settleState: settled === 0 ? 0 : settled >= count ? 2 : 1,
    tier: tier ?? null,
    settlementAmount: Number(sums?.amount ?? 0),
    retailFloorAmount: sums?.floor == null ? null : Number(sums.floor),
    commission: settlement.tickets.reduce((n, x) => n + (x.commission ?? 0), 0),
    settledAmount: settlement.tickets.reduce((n, x) => n + (x.settledAmount ?? 0), 0),
    batches: settlement.batches.map(({ b, tickets, amount, commission }) => ({
      id: b.id,
      batchNo: b.batchNo,
      periodFrom: String(b.periodFrom).slice(0, 10),
      periodTo: String(b.periodTo).slice(0, 10),
      state: b.state,
      commissionRate: b.commissionRate,
      tickets: Number(tickets),
      amount: Number(amount),
      commission: Number(commission),
      closedTime: iso(b.closedAt),
    })),
    tickets: settlement.tickets.map((x) => ({
      id: x.t.id,
      productName: x.productName,
      visitDate: x.t.visitDate,
      validFrom: x.t.validFrom.toISOString(),
      validUntil: x.t.validUntil.toISOString(),
      validityDisplay: x.validityDisplay,
      validityText: x.validityText,
      price: x.t.price,
      status: x.t.status,
      batchNo: x.batchNo,
      commission: x.commission,
    })),
    createTime: order.createdAt.toISOString(),
    paidTime: iso(order.paidAt),
  };
}
