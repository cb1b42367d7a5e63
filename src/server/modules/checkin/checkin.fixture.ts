import crypto from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { DEFAULT_TIME_ZONE, areaDayEnd, areaDayStart } from '../../lib/area-clock.ts';
import { ticketOrders, orderTickets } from '../orders/orders.table.ts';
import { ticketProducts } from '../products/products.table.ts';

/**
 * Paid tickets for check-in tests and the check-in benchmark, inserted straight into the order
 * tables (status 201, optionally issued to 301 through the allowed T8 update) without the selling
 * service: the gate only needs a ticket row, its product and its validity.
 */
export type ProductVariant = Partial<
  Pick<
    typeof ticketProducts.$inferInsert,
    'entryMode' | 'entryTimes' | 'timeWindows' | 'validityType' | 'timeLimitMinutes' | 'name'
  >
>;

/** A copy of the area's first product with the entry rules a test needs. */
export async function createTestProduct(db: Db, scenicId: number, variant: ProductVariant = {}) {
  const [base] = await db
    .select()
    .from(ticketProducts)
    .where(eq(ticketProducts.scenicId, scenicId))
    .orderBy(ticketProducts.id)
    .limit(1);
  if (!base) throw new Error(`no product in area ${scenicId}`);
  const { id: _id, createdAt: _c, updatedAt: _u, ...rest } = base;
  const [product] = await db
    .insert(ticketProducts)
    .values({
      ...rest,
      name: variant.name ?? `检票测试 ${crypto.randomBytes(3).toString('hex')}`,
      entryMode: variant.entryMode ?? 1,
      entryTimes: variant.entryTimes ?? 1,
      timeWindows: variant.timeWindows ?? [],
      validityType: variant.validityType ?? 1,
      timeLimitMinutes: variant.timeLimitMinutes ?? null,
    })
    .returning();
  return product!;
}

export interface TestTicketInput {
  scenicId: number;
  productId: number;
  /** 201 (default) or 301 (issued) */
  status?: 201 | 301;
  /** "YYYY-MM-DD": valid that day on the area's clock unless validFrom/validUntil are given */
  visitDate: string;
  /** the area's zone (default: the demo areas' Asia/Shanghai) */
  timeZone?: string;
  validFrom?: Date;
  validUntil?: Date;
  entriesLeft?: number;
  visitorName?: string;
  visitorIdNumber?: string | null;
}

/** One paid order of one ticket; answers the ticket with its order number. */
export async function createTestTicket(db: Db, input: TestTicketInput) {
  const [product] = await db
    .select()
    .from(ticketProducts)
    .where(and(eq(ticketProducts.id, input.productId), eq(ticketProducts.scenicId, input.scenicId)));
  if (!product) throw new Error(`no product ${input.productId}`);
  const timeZone = input.timeZone ?? DEFAULT_TIME_ZONE;
  const validFrom = input.validFrom ?? areaDayStart(input.visitDate, timeZone);
  const validUntil = input.validUntil ?? areaDayEnd(input.visitDate, timeZone);
  const orderNo = `T${Date.now()}${crypto.randomBytes(4).toString('hex')}`;
  const [order] = await db
    .insert(ticketOrders)
    .values({
      orderNo,
      scenicId: input.scenicId,
      channel: 1,
      clientId: 'winManagement',
      buyerName: input.visitorName ?? '测试游客',
      visitDate: input.visitDate,
      ticketCount: 1,
      totalAmount: product.price,
      paidAmount: product.price,
      payStatus: 201,
      payWay: 1,
      status: 201,
      paidAt: new Date(),
    })
    .returning();
  const [ticket] = await db
    .insert(orderTickets)
    .values({
      orderId: order!.id,
      scenicId: input.scenicId,
      productId: product.id,
      productType: product.productType,
      visitDate: input.visitDate,
      validFrom,
      validUntil,
      price: product.price,
      visitorName: input.visitorName ?? '测试游客',
      visitorIdNumber: input.visitorIdNumber ?? null,
      code: crypto.randomBytes(24).toString('base64url'),
      status: 201,
      entriesLeft: input.entriesLeft ?? product.entryTimes,
    })
    .returning();
  if (input.status === 301) {
    // the order's status follows (migration 0007)
    await db.execute(sql`update order_tickets set status = 301 where id = ${ticket!.id}`);
  }
  return { ...ticket!, status: input.status ?? 201, orderNo };
}

/** Sets a ticket's status through the allowed path of the trigger (for tests of later states). */
export async function forceTicketStatus(db: Db, ticketId: number, path: readonly number[]) {
  for (const status of path)
    await db.execute(sql`update order_tickets set status = ${status} where id = ${ticketId}`);
}
