import crypto from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { DEFAULT_TIME_ZONE, areaDay, areaDayEnd, areaDayStart } from '../../lib/area-clock.ts';
import { orderTickets, payments, ticketOrders } from '../orders/orders.table.ts';
import { ticketProducts } from '../products/products.table.ts';

/** The first product of a scenic area (demo data), for tests that need any product. */
export async function anyProduct(db: Db, scenicId: number, productType?: number) {
  const [product] = await db
    .select()
    .from(ticketProducts)
    .where(
      and(
        eq(ticketProducts.scenicId, scenicId),
        productType ? eq(ticketProducts.productType, productType) : undefined,
      ),
    )
    .orderBy(asc(ticketProducts.id))
    .limit(1);
  if (!product) throw new Error(`no product in area ${scenicId}`);
  return product;
}

export interface FixtureOrder {
  id: number;
  orderNo: string;
  ticketIds: number[];
}

/**
 * An order straight in the database (until the orders service places them): tickets in `status`
 * with a code, and for paid orders one confirmed offline payment of the total.
 */
export async function insertOrder(
  db: Db,
  input: {
    scenicId: number;
    product: { id: number; productType: number };
    /** More tickets of other products */
    extraProducts?: { id: number; productType: number }[];
    status?: number;
    payStatus?: number;
    payWay?: number | null;
    channel?: number;
    clientId?: string;
    adminId?: number | null;
    externalNo?: string | null;
    visitDate?: string;
    createdAt?: Date;
    price?: number;
    tickets?: number;
    buyerPhone?: string;
    buyerName?: string;
    visitorIdNumbers?: (string | null)[];
    refundedAmount?: number;
  },
): Promise<FixtureOrder> {
  const status = input.status ?? 201;
  const paid = (input.payStatus ?? (status === 101 || status === 102 || status === 103 ? 101 : 201)) === 201;
  const price = input.price ?? 10_000;
  const products = [
    ...Array.from({ length: input.tickets ?? 1 }, () => input.product),
    ...(input.extraProducts ?? []),
  ];
  const total = price * products.length;
  // the demo areas keep the default zone
  const visitDate = input.visitDate ?? areaDay(new Date(), DEFAULT_TIME_ZONE);
  const createdAt = input.createdAt ?? new Date();
  const orderNo = `OA${Date.now()}${crypto.randomBytes(4).toString('hex')}`;
  const [order] = await db
    .insert(ticketOrders)
    .values({
      orderNo,
      scenicId: input.scenicId,
      channel: input.channel ?? 1,
      clientId: input.clientId ?? 'winManagement',
      adminId: input.adminId ?? null,
      externalNo: input.externalNo ?? null,
      buyerName: input.buyerName ?? '张三',
      buyerPhone: input.buyerPhone ?? '13800000000',
      visitDate,
      ticketCount: products.length,
      totalAmount: total,
      paidAmount: paid ? total : 0,
      refundedAmount: input.refundedAmount ?? 0,
      payStatus: input.payStatus ?? (paid ? 201 : 101),
      payWay: paid ? (input.payWay ?? 1) : (input.payWay ?? null),
      status,
      expiresAt: paid ? null : new Date(Date.now() + 15 * 60_000),
      paidAt: paid ? createdAt : null,
      createdAt,
    })
    .returning({ id: ticketOrders.id });
  const tickets = await db
    .insert(orderTickets)
    .values(
      products.map((p, i) => ({
        orderId: order!.id,
        scenicId: input.scenicId,
        productId: p.id,
        productType: p.productType,
        visitDate,
        validFrom: areaDayStart(visitDate, DEFAULT_TIME_ZONE),
        validUntil: areaDayEnd(visitDate, DEFAULT_TIME_ZONE),
        price,
        visitorName: `游客${i + 1}`,
        visitorIdNumber: input.visitorIdNumbers?.[i] ?? null,
        code: crypto.randomBytes(16).toString('hex'),
        status,
        createdAt,
      })),
    )
    .returning({ id: orderTickets.id });
  if (paid)
    await db.insert(payments).values({
      orderId: order!.id,
      scenicId: input.scenicId,
      payWay: input.payWay ?? 1,
      provider: 'offline',
      providerTxnId: `fx-${orderNo}`,
      amount: total,
      status: 'confirmed',
      confirmedAt: createdAt,
    });
  return { id: order!.id, orderNo, ticketIds: tickets.map((t) => t.id) };
}
