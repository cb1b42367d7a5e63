import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { SeatRef } from '../../../shared/api/theatres.ts';
import { ValidationMessage } from '../../../shared/api/validation-messages.ts';
import { PAY_STATUS, TICKET_STATUS as S, type PayWayCode } from '../../../shared/dict/order.ts';
import type { BuyChannelCode } from '../../../shared/dict/product.ts';
import type { Db } from '../../db/client.ts';
import { FieldError } from '../../http/errors.ts';
import { orderTickets, payments, ticketOrders } from './orders.table.ts';
import { orderPaid, priceOrder, storedValueOf, type OrderPricing } from './order-money.ts';
import { areaDay, areaTimeZone } from '../../lib/area-clock.ts';
import { checkIdNumberLimits, checkLines, checkOrderLimits } from './order-checks.ts';
import {
  type Actor,
  OFFLINE_PAY_WAYS,
  type OrderRecord,
  PAYMENT_DEADLINE_MINUTES,
  type TicketRecord,
  audit,
} from './order-core.ts';
import { sellInventory } from './order-stock.ts';
import {
  planTickets,
  resolveLines,
  type PlannedTicket,
  type ResolvedOrderInput,
} from './order-ticket-plan.ts';

/** Placing an order (domain T1, and T2 when it is paid at once): prices, limits, stock, seats, tickets. */

export interface VisitorInput {
  name: string;
  idNumber?: string | undefined;
  phone?: string | undefined;
}

export interface OrderLineInput {
  productId: number;
  /** Visit date YYYY-MM-DD (the show date for a performance) */
  date: string;
  /** A travel package departure (its product, date and price come from it; docs/decisions.md) */
  departureId?: number | undefined;
  sessionId?: number | undefined;
  periodId?: number | undefined;
  showId?: number | undefined;
  seats?: SeatRef[] | undefined;
  quantity: number;
  visitors?: VisitorInput[] | undefined;
}

/** A line as a channel sends it: a departure line names no product or date of its own. */
export type PlaceLineInput = Omit<OrderLineInput, 'productId' | 'date'> & {
  productId?: number | undefined;
  date?: string | undefined;
};

export interface PlaceOrderInput {
  scenicId: number;
  channel: BuyChannelCode;
  clientId: string;
  adminId?: number | null | undefined;
  externalNo?: string | undefined;
  buyer: { name: string; phone: string; idNumber?: string | undefined };
  lines: PlaceLineInput[];
  /**
   * Paid together with the order (T2): an offline pay way, 9 (the member's balance), or 5 / 8 (the
   * balance or credit of the distributor whose account `adminId` is)
   */
  payNow?: { payWay: PayWayCode } | undefined;
  /**
   * The member buying: the pricing steps read it (a level discount, a coupon reserved, then spent),
   * and pay way 9 debits their balance
   */
  member?: { memberId: number; memberCouponId?: number | undefined } | undefined;
  remark?: string | undefined;
  actor?: Actor | undefined;
  now?: Date | undefined;
}

export { fieldMsg } from './order-checks.ts';
// the tickets' validity is worked out with their plan (order-ticket-plan.ts)
export { validity } from './order-ticket-plan.ts';

/** A new unguessable ticket secret: 192 random bits, base64url (the QR payload). */
export const newTicketCode = () => crypto.randomBytes(24).toString('base64url');

/** 'T' + yyyyMMdd (the area's day) + 10 random digits. */
export function newOrderNo(now: Date, timeZone: string): string {
  const day = areaDay(now, timeZone).replaceAll('-', '');
  const digits = crypto.randomInt(0, 10_000_000_000).toString().padStart(10, '0');
  return `T${day}${digits}`;
}

/** The order row, pending payment; its number (retried when taken) is the hold reference of the seats. */
async function insertOrder(
  tx: Db,
  input: ResolvedOrderInput,
  now: Date,
  timeZone: string,
): Promise<OrderRecord> {
  let order: OrderRecord | undefined;
  for (let attempt = 0; !order; attempt++) {
    if (attempt >= 5) throw new Error('no free order number');
    [order] = await tx
      .insert(ticketOrders)
      .values({
        orderNo: newOrderNo(now, timeZone),
        scenicId: input.scenicId,
        channel: input.channel,
        clientId: input.clientId,
        adminId: input.adminId ?? null,
        externalNo: input.externalNo ?? null,
        buyerName: input.buyer.name,
        buyerPhone: input.buyer.phone,
        buyerIdNumber: input.buyer.idNumber || null,
        memberId: input.member?.memberId ?? null,
        memberCouponId: input.member?.memberCouponId ?? null,
        departureId: input.lines.find((l) => l.departureId != null)?.departureId ?? null,
        visitDate: input.lines.map((l) => l.date).sort()[0]!,
        ticketCount: input.lines.reduce((n, l) => n + l.quantity, 0),
        status: S.pendingPayment,
        remark: input.remark ?? '',
      })
      .onConflictDoNothing({ target: ticketOrders.orderNo })
      .returning();
  }
  return order;
}

/** The tickets of the order, each with a new secret, in `status`. */
function insertTickets(
  tx: Db,
  input: ResolvedOrderInput,
  order: OrderRecord,
  planned: PlannedTicket[],
  status: number,
): Promise<TicketRecord[]> {
  return tx
    .insert(orderTickets)
    .values(
      planned.map((p) => ({
        orderId: order.id,
        scenicId: input.scenicId,
        productId: p.productId,
        productType: p.productType,
        departureId: p.departureId,
        sessionId: p.sessionId,
        periodId: p.periodId,
        showId: p.showId,
        seatRow: p.seat?.row ?? null,
        seatCol: p.seat?.col ?? null,
        seatLabel: p.seat?.label.slice(0, 16) ?? null,
        visitDate: p.visitDate,
        validFrom: p.validFrom,
        validUntil: p.validUntil,
        price: p.price,
        retailFloor: p.retailFloor ?? null,
        visitorName: p.visitor?.name ?? '',
        visitorIdNumber: p.visitor?.idNumber || null,
        visitorPhone: p.visitor?.phone ?? '',
        code: newTicketCode(),
        status,
        entriesLeft: p.entriesLeft,
      })),
    )
    .returning();
}

/**
 * The order's total and status: paid at once (T2: an offline payment or stored value debited) or
 * pending payment until its deadline (T1).
 */
async function settleOrder(
  tx: Db,
  input: ResolvedOrderInput,
  order: OrderRecord,
  { total, payNow, pricing }: { total: number; payNow: boolean; pricing: OrderPricing },
  now: Date,
): Promise<OrderRecord> {
  if (payNow && input.payNow && total > 0) {
    const { payWay } = input.payNow;
    const stored = storedValueOf(payWay);
    await stored?.pay(tx, order, payWay, total);
    await tx.insert(payments).values({
      orderId: order.id,
      scenicId: input.scenicId,
      payWay,
      provider: stored?.provider ?? 'offline',
      amount: total,
      status: 'confirmed',
      confirmedAt: now,
    });
  }
  const [saved] = await tx
    .update(ticketOrders)
    .set({
      totalAmount: total,
      tierId: pricing.tierId,
      originalAmount: total + pricing.levelDiscount + pricing.couponDiscount,
      levelDiscount: pricing.levelDiscount,
      couponDiscount: pricing.couponDiscount,
      paidAmount: payNow ? total : 0,
      payStatus: payNow ? PAY_STATUS.paid : PAY_STATUS.unpaid,
      payWay: input.payNow?.payWay ?? null,
      paidAt: payNow ? now : null,
      status: payNow ? S.unused : S.pendingPayment,
      expiresAt: payNow ? null : new Date(now.getTime() + PAYMENT_DEADLINE_MINUTES * 60_000),
      updatedAt: now,
    })
    .where(eq(ticketOrders.id, order.id))
    .returning();
  return saved!;
}

/**
 * T1/T2: places an order in one transaction: checks (shelf, channel, date, limits, real name), takes
 * the stock (guarded calendar + public stock, or seats held under the order number), prices from
 * the calendar or the seats, creates the tickets with their secrets, and, with `payNow` or a total
 * of 0, confirms the payment at once (T2). Writes the audit row.
 */
export async function placeOrder(
  db: Db,
  placed: PlaceOrderInput,
): Promise<{ order: OrderRecord; tickets: TicketRecord[] }> {
  const now = placed.now ?? new Date();
  if (!placed.lines.length) throw new FieldError('lines', ValidationMessage.required);
  const stored = storedValueOf(placed.payNow?.payWay);
  if (placed.payNow && !OFFLINE_PAY_WAYS.includes(placed.payNow.payWay) && !stored)
    throw new FieldError('payNow.payWay', ValidationMessage.payWayOffline);
  stored?.check(placed);

  return db.transaction(async (tx) => {
    const input = await resolveLines(tx, placed);
    // "today" and the validity of the tickets are read on the area's clock, not the server's
    const timeZone = await areaTimeZone(tx, input.scenicId);
    const products = await checkLines(tx, input, areaDay(now, timeZone));
    checkOrderLimits(input.lines, products);
    await checkIdNumberLimits(tx, input.lines, products);
    // the order row first: its number is the hold reference of the seats
    const order = await insertOrder(tx, input, now, timeZone);
    const planned = await planTickets(tx, input, products, order, timeZone);
    // the pricing steps (a distributor's tier, a member's level and coupon) change each ticket's price
    const pricing = await priceOrder(tx, { input, order, tickets: planned, now });
    const total = planned.reduce((sum, p) => sum + p.price, 0);
    const payNow = input.payNow != null || total === 0;
    const tickets = await insertTickets(tx, input, order, planned, payNow ? S.unused : S.pendingPayment);
    const saved = await settleOrder(tx, input, order, { total, payNow, pricing }, now);
    if (payNow) await sellInventory(tx, order, tickets);
    if (payNow) await orderPaid(tx, saved, now);
    await audit(tx, input.actor, input.scenicId, {
      action: payNow ? 'placeAndPay' : 'place',
      targetId: order.orderNo,
      after: {
        transition: payNow ? 'T2' : 'T1',
        channel: input.channel,
        clientId: input.clientId,
        total,
        ...(input.member && {
          memberId: input.member.memberId,
          originalAmount: saved.originalAmount,
          levelDiscount: pricing.levelDiscount,
          couponDiscount: pricing.couponDiscount,
          memberCouponId: input.member.memberCouponId ?? null,
        }),
        payWay: input.payNow?.payWay ?? null,
        ...(pricing.tierId != null && { tierId: pricing.tierId }),
        tickets: tickets.length,
      },
    });
    return { order: saved, tickets };
  });
}
