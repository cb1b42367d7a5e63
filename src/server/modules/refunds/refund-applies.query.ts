import { and, asc, type count, desc, eq, gte, ilike, lte, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { RefundApplyDetail, RefundApplyPage, RefundApplyRow } from '../../../shared/api/refunds.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { likeContains, orderFor } from '../../http/paging.ts';
import { admins } from '../accounts/index.ts';
import { gateEvents } from '../checkin/index.ts';
import { gates } from '../gates/index.ts';
import { orderTickets, payments, ticketOrders } from '../orders/index.ts';
import { ticketProducts } from '../products/index.ts';
import { refundView } from './refund-view.ts';
import { refundRequests, refunds } from './refunds.table.ts';

/** The refund applications of an area as the review screens read them (docs/product.md §2 /ticket/refundTicCheck). */

const requester = alias(admins, 'requester');
const reviewer = alias(admins, 'reviewer');

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function applyWhere(scenicId: number, q: RefundApplyPage): SQL | undefined {
  return and(
    eq(refundRequests.scenicId, scenicId),
    q.status ? eq(refundRequests.status, q.status) : undefined,
    q.orderNo ? ilike(ticketOrders.orderNo, likeContains(q.orderNo)) : undefined,
    q.productId ? eq(orderTickets.productId, q.productId) : undefined,
    q.phone
      ? or(
          ilike(ticketOrders.buyerPhone, likeContains(q.phone)),
          ilike(orderTickets.visitorPhone, likeContains(q.phone)),
        )
      : undefined,
    q.createTimeFrom ? gte(refundRequests.createdAt, new Date(q.createTimeFrom)) : undefined,
    q.createTimeTo ? lte(refundRequests.createdAt, new Date(q.createTimeTo)) : undefined,
  );
}

function applyOrder(q: RefundApplyPage) {
  return orderFor(
    {
      createTime: refundRequests.createdAt,
      reviewTime: refundRequests.reviewedAt,
      refundAmount: refundRequests.refundAmount,
      ticketAmount: refundRequests.ticketAmount,
    },
    q,
    [desc(refundRequests.createdAt), desc(refundRequests.id)],
  );
}

const rowColumns = {
  id: refundRequests.id,
  orderId: refundRequests.orderId,
  orderNo: ticketOrders.orderNo,
  ticketId: refundRequests.ticketId,
  productId: orderTickets.productId,
  productName: ticketProducts.name,
  visitorName: orderTickets.visitorName,
  visitorPhone: orderTickets.visitorPhone,
  buyerPhone: ticketOrders.buyerPhone,
  visitDate: orderTickets.visitDate,
  ticketAmount: refundRequests.ticketAmount,
  fee: refundRequests.fee,
  refundAmount: refundRequests.refundAmount,
  status: refundRequests.status,
  ticketStatus: orderTickets.status,
  statusBeforeRefund: refundRequests.statusBeforeRefund,
  reason: refundRequests.reason,
  rejectReason: refundRequests.rejectReason,
  requestedBy: refundRequests.requestedBy,
  requestedByAdminId: refundRequests.requestedByAdminId,
  requesterName: requester.username,
  reviewerName: reviewer.username,
  reviewedByAdminId: refundRequests.reviewedByAdminId,
  createdAt: refundRequests.createdAt,
  reviewedAt: refundRequests.reviewedAt,
};

export function joined(db: Db, columns: typeof rowColumns | { n: ReturnType<typeof count> }) {
  return db
    .select(columns)
    .from(refundRequests)
    .innerJoin(ticketOrders, eq(ticketOrders.id, refundRequests.orderId))
    .innerJoin(orderTickets, eq(orderTickets.id, refundRequests.ticketId))
    .innerJoin(ticketProducts, eq(ticketProducts.id, orderTickets.productId))
    .leftJoin(requester, eq(requester.id, refundRequests.requestedByAdminId))
    .leftJoin(reviewer, eq(reviewer.id, refundRequests.reviewedByAdminId));
}

export type Joined = {
  [K in keyof typeof rowColumns]: (typeof rowColumns)[K]['_']['notNull'] extends true
    ? (typeof rowColumns)[K]['_']['data']
    : (typeof rowColumns)[K]['_']['data'] | null;
};

export function toRow(r: Joined): RefundApplyRow {
  return {
    id: r.id,
    orderId: r.orderId,
    orderNo: r.orderNo,
    ticketId: r.ticketId,
    productId: r.productId,
    productName: r.productName,
    visitorName: r.visitorName,
    visitorPhone: r.visitorPhone,
    buyerPhone: r.buyerPhone,
    visitDate: r.visitDate,
    ticketAmount: r.ticketAmount,
    fee: r.fee,
    refundAmount: r.refundAmount,
    status: r.status,
    ticketStatus: r.ticketStatus,
    statusBeforeRefund: r.statusBeforeRefund,
    reason: r.reason,
    rejectReason: r.rejectReason,
    requestedBy: r.requesterName ?? r.requestedBy,
    requestedByAdminId: r.requestedByAdminId,
    reviewedBy: r.reviewerName ?? '',
    reviewedByAdminId: r.reviewedByAdminId,
    createTime: r.createdAt.toISOString(),
    reviewTime: iso(r.reviewedAt),
  };
}

export async function pageRows(db: Db, scenicId: number, q: RefundApplyPage, offset: number, limit: number) {
  const found = await joined(db, rowColumns)
    .where(applyWhere(scenicId, q))
    .orderBy(...applyOrder(q))
    .limit(limit)
    .offset(offset);
  return (found as Joined[]).map(toRow);
}

/** One refund application with its order, ticket, gate events and refunds; 404 when not the area's. */
export async function applyDetail(db: Db, scenicId: number, id: number): Promise<RefundApplyDetail> {
  const [found] = await joined(db, rowColumns).where(
    and(eq(refundRequests.id, id), eq(refundRequests.scenicId, scenicId)),
  );
  if (!found) throw new AppError(404, 'recordNotFound');
  const request = toRow(found as Joined);
  const [[order], [ticket], events, refundRows] = await Promise.all([
    db.select().from(ticketOrders).where(eq(ticketOrders.id, request.orderId)),
    db
      .select({ t: orderTickets, p: ticketProducts })
      .from(orderTickets)
      .innerJoin(ticketProducts, eq(ticketProducts.id, orderTickets.productId))
      .where(eq(orderTickets.id, request.ticketId)),
    db
      .select({ e: gateEvents, gateName: gates.name })
      .from(gateEvents)
      .leftJoin(gates, eq(gates.id, gateEvents.gateId))
      .where(eq(gateEvents.ticketId, request.ticketId))
      .orderBy(asc(gateEvents.scannedAt)),
    db
      .select({ r: refunds, payWay: payments.payWay, provider: payments.provider })
      .from(refunds)
      .innerJoin(payments, eq(payments.id, refunds.paymentId))
      .where(and(eq(refunds.orderId, request.orderId), sql`${request.ticketId} = any(${refunds.ticketIds})`))
      .orderBy(asc(refunds.id)),
  ]);
  if (!order || !ticket) throw new AppError(404, 'recordNotFound');
  return {
    request,
    order: {
      id: order.id,
      orderNo: order.orderNo,
      channel: order.channel,
      buyerName: order.buyerName,
      buyerPhone: order.buyerPhone,
      totalAmount: order.totalAmount,
      paidAmount: order.paidAmount,
      refundedAmount: order.refundedAmount,
      status: order.status,
      payStatus: order.payStatus,
      payWay: order.payWay,
      createTime: order.createdAt.toISOString(),
    },
    ticket: {
      id: ticket.t.id,
      productName: ticket.p.name,
      visitDate: ticket.t.visitDate,
      seatLabel: ticket.t.seatLabel,
      visitorName: ticket.t.visitorName,
      visitorPhone: ticket.t.visitorPhone,
      price: ticket.t.price,
      status: ticket.t.status,
      validFrom: ticket.t.validFrom.toISOString(),
      validUntil: ticket.t.validUntil.toISOString(),
      validityDisplay: ticket.p.validityDisplay,
      validityText: ticket.p.validityText,
    },
    rule: {
      refundRule: ticket.p.refundRule,
      refundDeadlineHours: ticket.p.refundDeadlineHours,
      refundFeeUnit: ticket.p.refundFeeUnit,
      refundFeeValue: ticket.p.refundFeeValue,
    },
    gateEvents: events.map(({ e, gateName }) => ({
      id: e.id,
      gateId: e.gateId,
      gateName: gateName ?? '',
      direction: e.direction,
      result: e.result,
      scannedAt: e.scannedAt.toISOString(),
    })),
    refunds: refundRows.map(({ r, payWay, provider }) => ({ ...refundView(r), payWay, provider })),
  };
}
