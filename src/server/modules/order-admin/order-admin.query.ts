import { and, count, desc, eq, gte, inArray, lt, lte, sql, sum, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { OrderPage, OrderRow, OrderTotals } from '../../../shared/api/orders.ts';
import { DAY_MS } from '../../../shared/dates.ts';
import type { Db } from '../../db/client.ts';
import { orderFor } from '../../http/paging.ts';
import { payments, summaryAnswers, totalsFromSummary, orderTickets, ticketOrders } from '../orders/index.ts';
import { ticketProducts, ticketTypes } from '../products/index.ts';

type Order = typeof ticketOrders.$inferSelect;

/**
 * A visit-day bound as a date: "YYYY-MM-DD" as is; an ISO time is the start (or end) of a whole day
 * in the console's time zone, so the day is the one 12 hours after the start (before the end), right
 * for any offset within ±12 h.
 */
export function visitDay(bound: string, end: boolean): string {
  if (/^\d{4}-\d{2}-\d{2}$/.test(bound)) return bound;
  return new Date(Date.parse(bound) + (end ? -DAY_MS / 2 : DAY_MS / 2)).toISOString().slice(0, 10);
}

/** ID numbers show only their ends (1101********1234). */
export function maskIdNumber(value: string | null | undefined): string {
  if (!value) return '';
  if (value.length <= 8)
    return `${value.slice(0, 1)}${'*'.repeat(Math.max(0, value.length - 2))}${value.slice(-1)}`;
  return `${value.slice(0, 4)}${'*'.repeat(value.length - 8)}${value.slice(-4)}`;
}

/**
 * The filter of the order list, its totals and its export: one WHERE on ticket_orders. Every
 * condition is on the order row or an EXISTS on its tickets (order_tickets_order_idx), so no join
 * multiplies rows; time ranges, status, order number, phone and visitor ID number use indexes.
 */
export function orderWhere(
  scenicId: number,
  q: Partial<OrderPage>,
  ownerId: number | null = null,
): SQL | undefined {
  const o = ticketOrders;
  const ticketExists = (condition: SQL) =>
    sql`exists (select 1 from ${orderTickets} where ${orderTickets.orderId} = ${o.id} and ${condition})`;
  return and(
    eq(o.scenicId, scenicId),
    // a distributor's own orders only (ownerScope, docs/accounts.md)
    ownerId != null ? eq(o.adminId, ownerId) : undefined,
    q.ordStartTime ? gte(o.createdAt, new Date(q.ordStartTime)) : undefined,
    q.ordEndTime ? lte(o.createdAt, new Date(q.ordEndTime)) : undefined,
    // the order's visit_date is the first visit day of its tickets (ticket_orders_scenic_visit_idx)
    q.subStartTime ? gte(o.visitDate, visitDay(q.subStartTime, false)) : undefined,
    q.subEndTime ? lte(o.visitDate, visitDay(q.subEndTime, true)) : undefined,
    q.productId ? ticketExists(sql`${orderTickets.productId} = ${q.productId}`) : undefined,
    q.ordTicketType ? ticketExists(sql`${orderTickets.productType} = ${q.ordTicketType}`) : undefined,
    // the category of any ticket's product (ticket_products_type_idx)
    q.subTicketType
      ? ticketExists(
          sql`${orderTickets.productId} in (select ${ticketProducts.id} from ${ticketProducts} where ${ticketProducts.typeId} = ${q.subTicketType} and ${ticketProducts.scenicId} = ${scenicId})`,
        )
      : undefined,
    // the provider's transaction id of any payment of the order (payments_txn_idx)
    q.ordPayId
      ? sql`exists (select 1 from ${payments} where ${payments.orderId} = ${o.id} and ${payments.providerTxnId} = ${q.ordPayId})`
      : undefined,
    q.channel ? eq(o.channel, q.channel) : undefined,
    q.ordPayWay ? eq(o.payWay, q.ordPayWay) : undefined,
    q.ordIsPay ? eq(o.payStatus, q.ordIsPay) : undefined,
    q.status ? eq(o.status, q.status) : undefined,
    q.orderNo ? eq(o.orderNo, q.orderNo) : undefined,
    q.phone ? eq(o.buyerPhone, q.phone) : undefined,
    q.memberId ? eq(o.memberId, q.memberId) : undefined,
    q.adminId ? eq(o.adminId, q.adminId) : undefined,
    q.idNumber
      ? ticketExists(
          sql`${orderTickets.visitorIdNumber} = ${q.idNumber.toUpperCase()} and ${orderTickets.scenicId} = ${scenicId}`,
        )
      : undefined,
  );
}

/** Newest first (the scenic/created_at/id index); a chosen sort keeps id last so pages are stable. */
export function orderOrder(q: Pick<OrderPage, 'sort' | 'order'>): (PgColumn | SQL)[] {
  return orderFor(
    {
      createTime: ticketOrders.createdAt,
      visitDate: ticketOrders.visitDate,
      totalAmount: ticketOrders.totalAmount,
    },
    q,
    [desc(ticketOrders.createdAt), desc(ticketOrders.id)],
  );
}

/** Columns of the list (no wide remark etc.). */
const listColumns = {
  id: ticketOrders.id,
  orderNo: ticketOrders.orderNo,
  channel: ticketOrders.channel,
  clientId: ticketOrders.clientId,
  externalNo: ticketOrders.externalNo,
  ticketCount: ticketOrders.ticketCount,
  visitDate: ticketOrders.visitDate,
  totalAmount: ticketOrders.totalAmount,
  paidAmount: ticketOrders.paidAmount,
  refundedAmount: ticketOrders.refundedAmount,
  payWay: ticketOrders.payWay,
  payStatus: ticketOrders.payStatus,
  status: ticketOrders.status,
  buyerName: ticketOrders.buyerName,
  buyerPhone: ticketOrders.buyerPhone,
  buyerIdNumber: ticketOrders.buyerIdNumber,
  createdAt: ticketOrders.createdAt,
  paidAt: ticketOrders.paidAt,
};
type ListOrder = Pick<Order, keyof typeof listColumns>;

/**
 * The first ticket's product name and category and the number of distinct products, for a page of
 * orders at once.
 */
async function productsOf(db: Db, orderIds: number[]) {
  const map = new Map<number, { name: string; typeName: string; count: number }>();
  if (!orderIds.length) return map;
  const first = sql<number>`(array_agg(${orderTickets.productId} order by ${orderTickets.id}))[1]`;
  const lines = await db
    .select({
      orderId: orderTickets.orderId,
      productId: first,
      products: sql<number>`count(distinct ${orderTickets.productId})::int`,
    })
    .from(orderTickets)
    .where(inArray(orderTickets.orderId, orderIds))
    .groupBy(orderTickets.orderId);
  const productIds = [...new Set(lines.map((l) => Number(l.productId)))];
  const names = productIds.length
    ? await db
        .select({ id: ticketProducts.id, name: ticketProducts.name, typeName: ticketTypes.name })
        .from(ticketProducts)
        .leftJoin(ticketTypes, eq(ticketTypes.id, ticketProducts.typeId))
        .where(inArray(ticketProducts.id, productIds))
    : [];
  const productOf = new Map(names.map((n) => [n.id, n]));
  for (const l of lines) {
    const p = productOf.get(Number(l.productId));
    map.set(Number(l.orderId), {
      name: p?.name ?? '',
      typeName: p?.typeName ?? '',
      count: Number(l.products),
    });
  }
  return map;
}

/**
 * ordPayId of a page of orders: the provider's transaction id of the confirmed payment (the latest
 * one with an id when none is confirmed yet); null for payments without one (cash, balances).
 */
async function payIdsOf(db: Db, orderIds: number[]) {
  const map = new Map<number, string>();
  if (!orderIds.length) return map;
  const rows = await db
    .select({ orderId: payments.orderId, txn: payments.providerTxnId, status: payments.status })
    .from(payments)
    .where(and(inArray(payments.orderId, orderIds), sql`${payments.providerTxnId} is not null`))
    .orderBy(payments.id);
  for (const r of rows) {
    if (!r.txn) continue;
    const confirmed = r.status === 'confirmed' || r.status === 'refunded';
    if (confirmed || !map.has(r.orderId)) map.set(r.orderId, r.txn);
  }
  return map;
}

async function toRows(db: Db, orders: ListOrder[]): Promise<OrderRow[]> {
  const ids = orders.map((o) => o.id);
  const [products, payIds] = await Promise.all([productsOf(db, ids), payIdsOf(db, ids)]);
  return orders.map((o) => ({
    id: o.id,
    orderNo: o.orderNo,
    channel: o.channel,
    clientId: o.clientId,
    externalNo: o.externalNo,
    productName: products.get(o.id)?.name ?? '',
    productCount: products.get(o.id)?.count ?? 0,
    ticketTypeName: products.get(o.id)?.typeName ?? '',
    payId: payIds.get(o.id) ?? null,
    ticketCount: o.ticketCount,
    visitDate: o.visitDate,
    totalAmount: o.totalAmount,
    paidAmount: o.paidAmount,
    refundedAmount: o.refundedAmount,
    payWay: o.payWay,
    payStatus: o.payStatus,
    status: o.status,
    buyerName: o.buyerName,
    buyerPhone: o.buyerPhone,
    buyerIdNumber: maskIdNumber(o.buyerIdNumber),
    createTime: o.createdAt.toISOString(),
    paidTime: o.paidAt?.toISOString() ?? null,
  }));
}

/** Rows offset..offset+limit of the filtered list, with their product names (one query per page, not per row). */
export async function listOrders(
  db: Db,
  scenicId: number,
  q: OrderPage,
  offset: number,
  limit: number,
  ownerId: number | null = null,
): Promise<OrderRow[]> {
  const orders = await db
    .select(listColumns)
    .from(ticketOrders)
    .where(orderWhere(scenicId, q, ownerId))
    .orderBy(...orderOrder(q))
    .limit(limit)
    .offset(offset);
  return toRows(db, orders);
}

/** Count and money of the orders matching `where`, read from the orders themselves. */
export async function sumOrders(db: Db, where: SQL | undefined): Promise<OrderTotals> {
  const [row] = await db
    .select({
      count: count(),
      totalAmount: sum(ticketOrders.totalAmount),
      paidAmount: sum(ticketOrders.paidAmount),
      refundedAmount: sum(ticketOrders.refundedAmount),
    })
    .from(ticketOrders)
    .where(where);
  return {
    count: Number(row?.count ?? 0),
    totalAmount: Number(row?.totalAmount ?? 0),
    paidAmount: Number(row?.paidAmount ?? 0),
    refundedAmount: Number(row?.refundedAmount ?? 0),
  };
}

/**
 * Count and money of the filtered set. When every filter is one the daily summary keeps (order
 * time, channel, pay way, pay status, status), whole days come from order_totals_daily and only
 * the partial days at the ends of the time range from the orders; otherwise from the orders, with
 * the same WHERE as the list.
 */
export async function orderTotals(
  db: Db,
  scenicId: number,
  q: Partial<OrderPage>,
  ownerId: number | null = null,
): Promise<OrderTotals> {
  // the summary is per area, not per distributor
  if (ownerId != null) return sumOrders(db, orderWhere(scenicId, q, ownerId));
  const noTime = { ...q, ordStartTime: undefined, ordEndTime: undefined };
  const fromSummary = await totalsFromSummary(db, scenicId, q, (slice) =>
    sumOrders(
      db,
      and(
        orderWhere(scenicId, noTime),
        gte(ticketOrders.createdAt, slice.from),
        slice.before ? lt(ticketOrders.createdAt, slice.before) : undefined,
        slice.to ? lte(ticketOrders.createdAt, slice.to) : undefined,
      ),
    ),
  );
  return fromSummary ?? sumOrders(db, orderWhere(scenicId, q));
}

/** How many orders the filter matches (the pager's total): orderTotals' count. */
export async function countOrders(
  db: Db,
  scenicId: number,
  q: Partial<OrderPage>,
  ownerId: number | null = null,
): Promise<number> {
  const fromSummary =
    ownerId == null && summaryAnswers(q) ? (await orderTotals(db, scenicId, q)).count : undefined;
  if (fromSummary !== undefined) return fromSummary;
  const [row] = await db
    .select({ count: count() })
    .from(ticketOrders)
    .where(orderWhere(scenicId, q, ownerId));
  return Number(row?.count ?? 0);
}

/**
 * An order of the area (and of the distributor `ownerId`, when given), or undefined: another area's
 * or another distributor's order is as absent as a missing one.
 */
export async function findOrder(
  db: Db,
  scenicId: number,
  id: number,
  ownerId: number | null = null,
): Promise<Order | undefined> {
  const [order] = await db
    .select()
    .from(ticketOrders)
    .where(
      and(
        eq(ticketOrders.id, id),
        eq(ticketOrders.scenicId, scenicId),
        ownerId != null ? eq(ticketOrders.adminId, ownerId) : undefined,
      ),
    );
  return order;
}
