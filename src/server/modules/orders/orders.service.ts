import crypto from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { SeatRef } from '../../../shared/api/theatres.ts';
import { isValidIdNumber } from '../../../shared/api/staff-cards.ts';
import { ValidationMessage } from '../../../shared/api/validation-messages.ts';
import type { DictEntry } from '../../../shared/dict/dict.ts';
import { PAY_STATUS, TICKET_STATUS as S, type PayWayCode } from '../../../shared/dict/order.ts';
import {
  ENTRY_MODE,
  PRODUCT_TYPE,
  SHELF,
  VALIDITY_TYPE,
  type BuyChannelCode,
} from '../../../shared/dict/ticket.ts';
import type { Db } from '../../db/client.ts';
import { AppError, FieldError } from '../../http/errors.ts';
import { actorOfRequest, recordAudit, SYSTEM, type AuditActor } from '../audit/index.ts';
import { releaseStockLines, reserveStockLines, type StockLine } from '../inventory/index.ts';
import { findProduct } from '../products/index.ts';
import { claimSeats, findShow, releaseSeats, sellSeats } from '../theatres/index.ts';
import { getScenicSettings } from '../settings/index.ts';
import { paymentProvider } from './providers/index.ts';
import { orderTickets, payments, ticketOrders } from './orders.table.ts';
import { refunds } from '../refunds/index.ts';
import { transitionTickets } from './ticket-state.service.ts';
import { rowsOf } from '../../db/rows.ts';
import { addDays, areaDay, areaInstant, areaTimeZone } from '../../lib/area-clock.ts';

export type OrderRecord = typeof ticketOrders.$inferSelect;
export type TicketRecord = typeof orderTickets.$inferSelect;
export type PaymentRecord = typeof payments.$inferSelect;

/** How long an unpaid order holds its inventory (T1 → T5). */
export const PAYMENT_DEADLINE_MINUTES = 15;
/** Pay ways a seller may confirm together with the order (T2): cash, POS, on account. */
export const OFFLINE_PAY_WAYS: readonly PayWayCode[] = [1, 99, 98];
/** Statuses whose tickets no longer count (limits per ID number, seats). */
export const DEAD_STATUSES = [S.userCancelled, S.systemCancelled, S.refunded, S.invalid] as const;

/** Who did it, for the audit row written in the same transaction (the area comes from the order). */
export type Actor = Omit<AuditActor, 'scenicId'>;

export const SYSTEM_ACTOR: Actor = { adminId: null, username: SYSTEM };

/** The actor of a request: the logged-in account, or the machine client. */
export function actorOf(req: FastifyRequest): Actor {
  return actorOfRequest(req);
}

/** An order's audit row: module orders, target the ticket order (audit.service.ts writes it). */
function audit(
  tx: Db,
  actor: Actor | undefined,
  scenicId: number,
  entry: { action: string; targetId: string | number; after?: unknown; before?: unknown },
) {
  return recordAudit(
    tx,
    { ...(actor ?? SYSTEM_ACTOR), scenicId },
    { module: 'orders', targetType: 'ticketOrder', ...entry },
  );
}

// ---------------------------------------------------------------- dates (the area's clock)

/** The instant of "HH:mm" (default 00:00) on the area's day `day` plus `days`. */
const at = (timeZone: string, day: string, days = 0, time = '00:00'): Date =>
  areaInstant(addDays(day, days), time, timeZone);

// ---------------------------------------------------------------- placing

export interface VisitorInput {
  name: string;
  idNumber?: string | undefined;
  phone?: string | undefined;
}

export interface OrderLineInput {
  productId: number;
  /** Visit date YYYY-MM-DD (the show date for a performance) */
  date: string;
  sessionId?: number | undefined;
  periodId?: number | undefined;
  showId?: number | undefined;
  seats?: SeatRef[] | undefined;
  quantity: number;
  visitors?: VisitorInput[] | undefined;
}

export interface PlaceOrderInput {
  scenicId: number;
  channel: BuyChannelCode;
  clientId: string;
  adminId?: number | null | undefined;
  externalNo?: string | undefined;
  buyer: { name: string; phone: string; idNumber?: string | undefined };
  lines: OrderLineInput[];
  /** Paid together with the order (T2): an offline pay way */
  payNow?: { payWay: PayWayCode } | undefined;
  remark?: string | undefined;
  actor?: Actor | undefined;
  now?: Date | undefined;
}

const fieldMsg = (zh: string, en: string): DictEntry => ({ zh, en });

/** A new unguessable ticket secret: 192 random bits, base64url (the QR payload). */
export const newTicketCode = () => crypto.randomBytes(24).toString('base64url');

/** 'T' + yyyyMMdd (the area's day) + 10 random digits. */
export function newOrderNo(now: Date, timeZone: string): string {
  const day = areaDay(now, timeZone).replaceAll('-', '');
  const digits = crypto.randomInt(0, 10_000_000_000).toString().padStart(10, '0');
  return `T${day}${digits}`;
}

interface PlannedTicket {
  line: number;
  productId: number;
  productType: number;
  sessionId: number | null;
  periodId: number | null;
  showId: number | null;
  seat: { row: number; col: number; label: string } | null;
  visitDate: string;
  validFrom: Date;
  validUntil: Date;
  price: number;
  entriesLeft: number;
  visitor: VisitorInput | null;
}

/**
 * T1/T2: places an order in one transaction: checks (shelf, channel, date, limits, real name), takes
 * the stock (guarded calendar + public stock, or seats held under the order number), prices from
 * the calendar or the seats, creates the tickets with their secrets, and, with `payNow` or a total
 * of 0, confirms the payment at once (T2). Writes the audit row.
 */
export async function placeOrder(
  db: Db,
  input: PlaceOrderInput,
): Promise<{ order: OrderRecord; tickets: TicketRecord[] }> {
  const now = input.now ?? new Date();
  if (!input.lines.length) throw new FieldError('lines', ValidationMessage.required);
  if (input.payNow && !OFFLINE_PAY_WAYS.includes(input.payNow.payWay))
    throw new FieldError('payNow.payWay', ValidationMessage.payWayOffline);

  return db.transaction(async (tx) => {
    // "today" and the validity of the tickets are read on the area's clock, not the server's
    const timeZone = await areaTimeZone(tx, input.scenicId);
    const today = areaDay(now, timeZone);
    // ---- checks that need no lock
    const products = new Map<number, NonNullable<Awaited<ReturnType<typeof findProduct>>>>();
    for (const [i, line] of input.lines.entries()) {
      const f = (name: string) => `lines.${i}.${name}`;
      if (!Number.isInteger(line.quantity) || line.quantity <= 0)
        throw new FieldError(f('quantity'), ValidationMessage.quantityPositive);
      if (line.date < today) throw new FieldError(f('date'), ValidationMessage.datePast);
      let product = products.get(line.productId);
      if (!product) {
        const found = await findProduct(tx, input.scenicId, line.productId);
        if (!found) throw new AppError(404, 'orderProductNotFound', { params: { id: line.productId } });
        product = found;
        products.set(found.id, found);
      }
      if (product.shelfStatus !== SHELF.on)
        throw new AppError(409, 'orderProductOffShelf', { params: { name: product.name } });
      if (!product.channels.includes(input.channel))
        throw new AppError(403, 'orderChannelNotAllowed', { params: { name: product.name } });
      const visitors = line.visitors ?? [];
      if (visitors.length > line.quantity)
        throw new FieldError(f('visitors'), ValidationMessage.visitorsPerTicket);
      if (product.realNameType === 1 && visitors.length !== line.quantity)
        throw new FieldError(f('visitors'), ValidationMessage.visitorsPerTicket);
      for (const [j, v] of visitors.entries()) {
        if (product.realNameType === 1 && !v.name.trim())
          throw new FieldError(`${f('visitors')}.${j}.name`, ValidationMessage.required);
        if (product.realNameType === 1 && !v.idNumber)
          throw new FieldError(`${f('visitors')}.${j}.idNumber`, ValidationMessage.required);
        if (v.idNumber && !isValidIdNumber(v.idNumber))
          throw new FieldError(`${f('visitors')}.${j}.idNumber`, ValidationMessage.idNumber);
      }
      if (product.productType === PRODUCT_TYPE.performance) {
        if (line.showId == null) throw new FieldError(f('showId'), ValidationMessage.required);
        if ((line.seats?.length ?? 0) !== line.quantity)
          throw new FieldError(f('seats'), ValidationMessage.seatsPerTicket);
      } else if (line.showId != null || line.seats?.length) {
        throw new FieldError(f('showId'), ValidationMessage.showOfProduct);
      }
      if (product.validityType === VALIDITY_TYPE.interval) {
        if (
          (product.validFrom && line.date < product.validFrom) ||
          (product.validTo && line.date > product.validTo)
        )
          throw new FieldError(f('date'), ValidationMessage.dateInInterval);
      }
    }
    // per-order limit: all lines of a product together
    const perProduct = new Map<number, number>();
    for (const line of input.lines)
      perProduct.set(line.productId, (perProduct.get(line.productId) ?? 0) + line.quantity);
    for (const [productId, n] of perProduct) {
      const product = products.get(productId)!;
      if (product.limitPerOrder > 0 && n > product.limitPerOrder) {
        const i = input.lines.findIndex((l) => l.productId === productId);
        throw new FieldError(
          `lines.${i}.quantity`,
          fieldMsg(
            `${ValidationMessage.limitPerOrder.zh}（${product.limitPerOrder}）`,
            `${ValidationMessage.limitPerOrder.en} (${product.limitPerOrder})`,
          ),
        );
      }
    }
    // per-ID-number limit, under a lock per (product, date, ID) so two orders cannot both pass
    const perId = new Map<string, { productId: number; date: string; idNumber: string; n: number }>();
    for (const line of input.lines) {
      if (!products.get(line.productId)!.limitPerIdNumber) continue;
      for (const v of line.visitors ?? []) {
        if (!v.idNumber) continue;
        const key = `${line.productId}|${line.date}|${v.idNumber}`;
        const e = perId.get(key) ?? {
          productId: line.productId,
          date: line.date,
          idNumber: v.idNumber,
          n: 0,
        };
        e.n += 1;
        perId.set(key, e);
      }
    }
    for (const key of [...perId.keys()].sort()) {
      const e = perId.get(key)!;
      const product = products.get(e.productId)!;
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`order-id:${key}`}))`);
      const [row] = rowsOf<{ n: number }>(
        await tx.execute(sql`select count(*)::int as n from order_tickets
          where product_id = ${e.productId} and visit_date = ${e.date} and visitor_id_number = ${e.idNumber}
            and status not in (${sql.join(
              DEAD_STATUSES.map((s) => sql`${s}`),
              sql`, `,
            )})`),
      );
      if (Number(row?.n ?? 0) + e.n > product.limitPerIdNumber)
        throw new AppError(409, 'orderLimitPerIdNumber', {
          params: {
            idNumber: `${e.idNumber.slice(0, 4)}…${e.idNumber.slice(-4)}`,
            date: e.date,
            name: product.name,
            limit: product.limitPerIdNumber,
          },
        });
    }

    // ---- the order row first: its number is the hold reference of the seats
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
          visitDate: input.lines.map((l) => l.date).sort()[0]!,
          ticketCount: input.lines.reduce((n, l) => n + l.quantity, 0),
          status: S.pendingPayment,
          remark: input.remark ?? '',
        })
        .onConflictDoNothing({ target: ticketOrders.orderNo })
        .returning();
    }

    // ---- stock: calendar lines in one guarded call (fixed lock order), seats per show
    const planned: PlannedTicket[] = [];
    const stockIdx = input.lines.flatMap((l, i) =>
      products.get(l.productId)!.productType === PRODUCT_TYPE.performance ? [] : [i],
    );
    const reservations = await reserveStockLines(
      tx,
      stockIdx.map((i): StockLine => ({
        scenicId: input.scenicId,
        productId: input.lines[i]!.productId,
        date: input.lines[i]!.date,
        sessionId: input.lines[i]!.sessionId ?? null,
        periodId: input.lines[i]!.periodId ?? null,
        quantity: input.lines[i]!.quantity,
      })),
    );
    for (const [i, line] of input.lines.entries()) {
      const product = products.get(line.productId)!;
      const entriesLeft = product.entryMode === ENTRY_MODE.times ? product.entryTimes : 1;
      const base = {
        line: i,
        productId: product.id,
        productType: product.productType,
        visitDate: line.date,
        entriesLeft,
      };
      const visitorAt = (k: number) => line.visitors?.[k] ?? null;
      if (product.productType === PRODUCT_TYPE.performance) {
        const show = await findShow(tx, input.scenicId, line.showId!);
        if (!show || show.productId !== product.id || show.showDate !== line.date)
          throw new FieldError(`lines.${i}.showId`, ValidationMessage.showOfProduct);
        const seats = await claimSeats(tx, {
          scenicId: input.scenicId,
          showId: show.id,
          seats: line.seats!,
          holdRef: order.orderNo,
        });
        if (seats.length !== line.quantity)
          throw new FieldError(`lines.${i}.seats`, ValidationMessage.seatsPerTicket);
        const window = validity(product, line.date, { start: show.startTime, end: show.endTime }, timeZone);
        seats.forEach((seat, k) =>
          planned.push({
            ...base,
            sessionId: null,
            periodId: null,
            showId: show.id,
            seat: { row: seat.row, col: seat.col, label: seat.label },
            price: seat.price,
            ...window,
            visitor: visitorAt(k),
          }),
        );
      } else {
        const r = reservations[stockIdx.indexOf(i)]!;
        const session = product.sessions.find((s) => s.id === line.sessionId);
        const window = validity(
          product,
          line.date,
          session ? { start: session.startTime, end: session.endTime } : null,
          timeZone,
        );
        for (let k = 0; k < line.quantity; k++)
          planned.push({
            ...base,
            sessionId: session?.id ?? null,
            periodId: r.periodId,
            showId: null,
            seat: null,
            price: r.unitPrice,
            ...window,
            visitor: visitorAt(k),
          });
      }
    }

    const total = planned.reduce((sum, p) => sum + p.price, 0);
    const payNow = input.payNow != null || total === 0;
    const status = payNow ? S.unused : S.pendingPayment;
    const tickets = await tx
      .insert(orderTickets)
      .values(
        planned.map((p) => ({
          orderId: order.id,
          scenicId: input.scenicId,
          productId: p.productId,
          productType: p.productType,
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
          visitorName: p.visitor?.name ?? '',
          visitorIdNumber: p.visitor?.idNumber || null,
          visitorPhone: p.visitor?.phone ?? '',
          code: newTicketCode(),
          status,
          entriesLeft: p.entriesLeft,
        })),
      )
      .returning();

    const paidAt = payNow ? now : null;
    const payWay = input.payNow?.payWay ?? null;
    if (payNow) {
      if (input.payNow && total > 0)
        await tx.insert(payments).values({
          orderId: order.id,
          scenicId: input.scenicId,
          payWay: input.payNow.payWay,
          provider: 'offline',
          amount: total,
          status: 'confirmed',
          confirmedAt: now,
        });
      for (const showId of new Set(planned.flatMap((p) => (p.showId == null ? [] : [p.showId]))))
        await sellSeats(tx, { showId, holdRef: order.orderNo });
    }
    const [saved] = await tx
      .update(ticketOrders)
      .set({
        totalAmount: total,
        paidAmount: payNow ? total : 0,
        payStatus: payNow ? PAY_STATUS.paid : PAY_STATUS.unpaid,
        payWay,
        paidAt,
        status,
        expiresAt: payNow ? null : new Date(now.getTime() + PAYMENT_DEADLINE_MINUTES * 60_000),
        updatedAt: now,
      })
      .where(eq(ticketOrders.id, order.id))
      .returning();
    await audit(tx, input.actor, input.scenicId, {
      action: payNow ? 'placeAndPay' : 'place',
      targetId: order.orderNo,
      after: {
        transition: payNow ? 'T2' : 'T1',
        channel: input.channel,
        clientId: input.clientId,
        total,
        payWay,
        tickets: tickets.length,
      },
    });
    return { order: saved!, tickets };
  });
}

/**
 * docs/decisions.md "Ticket validity": from the validity type, the visit date and the slot; days
 * and times are the area's (`timeZone`).
 */
export function validity(
  product: { validityType: number; validDays: number; validFrom: string | null; validTo: string | null },
  date: string,
  slot: { start: string; end: string } | null,
  timeZone: string,
): { validFrom: Date; validUntil: Date } {
  switch (product.validityType) {
    case VALIDITY_TYPE.multiDay:
      return {
        validFrom: at(timeZone, date),
        validUntil: at(timeZone, date, Math.max(1, product.validDays)),
      };
    case VALIDITY_TYPE.interval:
      return {
        validFrom: at(timeZone, product.validFrom ?? date),
        validUntil: at(timeZone, product.validTo ?? date, 1),
      };
    case VALIDITY_TYPE.timeSlot:
      if (slot)
        return {
          validFrom: at(timeZone, date, 0, slot.start),
          validUntil: at(timeZone, date, 0, slot.end),
        };
      return { validFrom: at(timeZone, date), validUntil: at(timeZone, date, 1) };
    default:
      // ordinary, display, time-limited (the timer starts at the first entry of that day)
      return { validFrom: at(timeZone, date), validUntil: at(timeZone, date, 1) };
  }
}

// ---------------------------------------------------------------- lookups

export async function findOrderByNo(db: Db, scenicId: number, orderNo: string): Promise<OrderRecord | null> {
  const [row] = await db
    .select()
    .from(ticketOrders)
    .where(and(eq(ticketOrders.scenicId, scenicId), eq(ticketOrders.orderNo, orderNo)));
  return row ?? null;
}

export async function orderTicketsOf(db: Db, orderId: number): Promise<TicketRecord[]> {
  return db.select().from(orderTickets).where(eq(orderTickets.orderId, orderId)).orderBy(orderTickets.id);
}

/** Locks the order row (FOR UPDATE): payments, cancels and the expiry job of one order take turns. */
async function lockOrder(
  tx: Db,
  scenicId: number,
  where: { id?: number; orderNo?: string },
): Promise<OrderRecord> {
  const [order] = await tx
    .select()
    .from(ticketOrders)
    .where(
      and(
        eq(ticketOrders.scenicId, scenicId),
        where.id != null ? eq(ticketOrders.id, where.id) : eq(ticketOrders.orderNo, where.orderNo ?? ''),
      ),
    )
    .for('update');
  if (!order) throw new AppError(404, 'orderNotFound');
  return order;
}

// ---------------------------------------------------------------- inventory of tickets

function stockLinesOf(tickets: readonly TicketRecord[]): StockLine[] {
  const lines = new Map<string, StockLine>();
  for (const t of tickets) {
    if (t.showId != null) continue;
    const key = `${t.productId}|${t.visitDate}|${t.sessionId ?? 0}|${t.periodId ?? 0}`;
    const line = lines.get(key);
    if (line) line.quantity += 1;
    else
      lines.set(key, {
        scenicId: t.scenicId,
        productId: t.productId,
        date: t.visitDate,
        sessionId: t.sessionId,
        periodId: t.periodId,
        quantity: 1,
      });
  }
  return [...lines.values()];
}

function seatsByShow(tickets: readonly TicketRecord[]): Map<number, SeatRef[]> {
  const shows = new Map<number, SeatRef[]>();
  for (const t of tickets) {
    if (t.showId == null || t.seatRow == null || t.seatCol == null) continue;
    shows.set(t.showId, [...(shows.get(t.showId) ?? []), { row: t.seatRow, col: t.seatCol }]);
  }
  return shows;
}

/** Gives back the stock and seats of tickets (held seats of an unpaid order; with `sold`, sold ones). */
async function releaseInventory(tx: Db, orderNo: string, tickets: readonly TicketRecord[], sold: boolean) {
  const lines = stockLinesOf(tickets);
  if (lines.length) await releaseStockLines(tx, lines);
  for (const [showId, seats] of seatsByShow(tickets))
    await releaseSeats(tx, { showId, holdRef: orderNo, seats, sold });
}

/** Takes the same stock and seats again (T6); 409 when they are gone. */
async function reacquireInventory(tx: Db, order: OrderRecord, tickets: readonly TicketRecord[]) {
  const lines = stockLinesOf(tickets);
  if (lines.length) await reserveStockLines(tx, lines);
  for (const [showId, seats] of seatsByShow(tickets)) {
    await claimSeats(tx, { scenicId: order.scenicId, showId, seats, holdRef: order.orderNo });
    await sellSeats(tx, { showId, holdRef: order.orderNo });
  }
}

// ---------------------------------------------------------------- payment

export type PaymentOutcome = 'confirmed' | 'duplicate' | 'lateAccepted' | 'lateRefunded';

export interface ConfirmPaymentInput {
  scenicId: number;
  orderNo: string;
  payWay: PayWayCode;
  /** cents */
  amount: number;
  provider: string;
  providerTxnId: string;
  actor?: Actor | undefined;
  now?: Date | undefined;
}

/**
 * T3 (or T6/T7 for a late payment). Deduplicated by (provider, providerTxnId): the same
 * confirmation twice is `duplicate`. The amount must equal the amount due (409). A payment after
 * the deadline or for a system-cancelled order revives it (T6) when late payments are accepted and
 * the inventory is still there; otherwise, and for a user-cancelled order (T7) or an order already
 * paid, the payment is recorded and refunded automatically (`lateRefunded`, status unchanged).
 */
export async function confirmPayment(
  db: Db,
  input: ConfirmPaymentInput,
): Promise<{ outcome: PaymentOutcome; order: OrderRecord }> {
  const now = input.now ?? new Date();
  const provider = paymentProvider(input.provider);
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, input.scenicId, { orderNo: input.orderNo });
    const [seen] = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.provider, provider.name), eq(payments.providerTxnId, input.providerTxnId)));
    if (seen) {
      if (seen.orderId !== order.id) throw new AppError(409, 'paymentTxnOtherOrder');
      return { outcome: 'duplicate' as const, order };
    }
    const due = order.totalAmount;
    if (input.amount !== due)
      throw new AppError(409, 'paymentAmountMismatch', { params: { amount: input.amount, due } });
    const [payment] = await tx
      .insert(payments)
      .values({
        orderId: order.id,
        scenicId: order.scenicId,
        payWay: input.payWay,
        provider: provider.name,
        providerTxnId: input.providerTxnId,
        amount: input.amount,
        status: 'confirmed',
        confirmedAt: now,
      })
      .returning();
    const tickets = await orderTicketsOf(tx, order.id);
    const ids = tickets.map((t) => t.id);
    const paid = async (transition: 'T3' | 'T6', outcome: PaymentOutcome) => {
      await transitionTickets(tx, { scenicId: order.scenicId, ticketIds: ids, transition, to: S.unused });
      if (transition === 'T3')
        for (const showId of seatsByShow(tickets).keys())
          await sellSeats(tx, { showId, holdRef: order.orderNo });
      await tx
        .update(ticketOrders)
        .set({
          paidAmount: sql`${ticketOrders.paidAmount} + ${input.amount}`,
          payStatus: PAY_STATUS.paid,
          payWay: input.payWay,
          paidAt: now,
          expiresAt: null,
          cancelledAt: null,
          updatedAt: now,
        })
        .where(eq(ticketOrders.id, order.id));
      await audit(tx, input.actor, order.scenicId, {
        action: 'pay',
        targetId: order.orderNo,
        after: {
          transition,
          amount: input.amount,
          provider: provider.name,
          providerTxnId: input.providerTxnId,
        },
      });
      return { outcome, order: await lockOrder(tx, order.scenicId, { id: order.id }) };
    };
    const refundIt = async (why: string) => {
      const r = await provider.refund({
        paymentId: payment!.id,
        providerTxnId: input.providerTxnId,
        amount: input.amount,
      });
      await tx.insert(refunds).values({
        scenicId: order.scenicId,
        orderId: order.id,
        paymentId: payment!.id,
        amount: input.amount,
        status: r.status,
        providerRefundId: r.providerRefundId,
        reason: why,
      });
      await tx
        .update(payments)
        .set({ refundedAmount: input.amount, updatedAt: now })
        .where(eq(payments.id, payment!.id));
      await tx
        .update(ticketOrders)
        .set({
          paidAmount: sql`${ticketOrders.paidAmount} + ${input.amount}`,
          refundedAmount: sql`${ticketOrders.refundedAmount} + ${input.amount}`,
          updatedAt: now,
        })
        .where(eq(ticketOrders.id, order.id));
      await audit(tx, input.actor, order.scenicId, {
        action: 'lateRefund',
        targetId: order.orderNo,
        after: {
          transition: why,
          amount: input.amount,
          provider: provider.name,
          providerTxnId: input.providerTxnId,
        },
      });
      return {
        outcome: 'lateRefunded' as const,
        order: await lockOrder(tx, order.scenicId, { id: order.id }),
      };
    };

    const statuses = new Set(tickets.map((t) => t.status));
    const onlyIn = (s: number) => statuses.size === 1 && statuses.has(s);
    if (onlyIn(S.pendingPayment) && order.payStatus === PAY_STATUS.unpaid) {
      if (!order.expiresAt || now <= order.expiresAt) return paid('T3', 'confirmed');
      // past the deadline, the expiry job had not run yet: cancel first (T5), then as a late payment
      await cancelLocked(tx, order, tickets, 'T5', input.actor, now);
      return late(await orderTicketsOf(tx, order.id));
    }
    if (onlyIn(S.systemCancelled)) return late(tickets);
    if (onlyIn(S.userCancelled)) return refundIt('T7');
    return refundIt('paidTwice');

    async function late(current: TicketRecord[]) {
      if (!(await getScenicSettings(tx, order.scenicId)).acceptLatePayment) return refundIt('T6refused');
      try {
        // a savepoint: a failed re-acquire leaves nothing half taken
        await tx.transaction((sp) => reacquireInventory(sp, order, current));
      } catch (error) {
        if (error instanceof AppError && error.statusCode === 409) return refundIt('T6soldOut');
        throw error;
      }
      return paid('T6', 'lateAccepted');
    }
  });
}

// ---------------------------------------------------------------- cancel & expire

async function cancelLocked(
  tx: Db,
  order: OrderRecord,
  tickets: readonly TicketRecord[],
  transition: 'T4' | 'T5',
  actor: Actor | undefined,
  now: Date,
  reason = '',
): Promise<void> {
  const pending = tickets.filter((t) => t.status === S.pendingPayment);
  if (!pending.length || order.payStatus !== PAY_STATUS.unpaid)
    throw new AppError(409, 'transitionNotAllowed');
  const to = transition === 'T4' ? S.userCancelled : S.systemCancelled;
  await transitionTickets(tx, {
    scenicId: order.scenicId,
    ticketIds: pending.map((t) => t.id),
    transition,
    to,
  });
  await releaseInventory(tx, order.orderNo, pending, false);
  await tx
    .update(payments)
    .set({ status: 'canceled', updatedAt: now })
    .where(and(eq(payments.orderId, order.id), inArray(payments.status, ['created', 'pending'])));
  await tx
    .update(ticketOrders)
    .set({
      payStatus: transition === 'T5' ? PAY_STATUS.timedOut : PAY_STATUS.unpaid,
      cancelledAt: now,
      expiresAt: null,
      updatedAt: now,
    })
    .where(eq(ticketOrders.id, order.id));
  await audit(tx, actor, order.scenicId, {
    action: transition === 'T4' ? 'cancel' : 'systemCancel',
    targetId: order.orderNo,
    after: { transition, tickets: pending.length, reason },
  });
}

/**
 * T4 (the customer) or T5 (staff) for an unpaid order: its tickets are cancelled and its stock and
 * seats released. 409 when the order is not pending payment (paid orders go through refunds).
 */
export async function cancelOrder(
  db: Db,
  input: {
    scenicId: number;
    orderId: number;
    by: 'customer' | 'staff';
    adminId?: number | undefined;
    reason?: string | undefined;
    actor?: Actor | undefined;
    now?: Date | undefined;
  },
): Promise<OrderRecord> {
  const now = input.now ?? new Date();
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, input.scenicId, { id: input.orderId });
    if (input.by === 'staff') {
      // domain.md T5: ask the provider for a payment in flight before cancelling
      const [open] = await tx
        .select({ provider: payments.provider })
        .from(payments)
        .where(and(eq(payments.orderId, order.id), inArray(payments.status, ['created', 'pending'])));
      if (open && (await paymentProvider(open.provider).hasPaymentInFlight(order.orderNo)))
        throw new AppError(409, 'transitionNotAllowed');
    }
    const actor = input.actor ?? (input.adminId ? { adminId: input.adminId, username: '' } : undefined);
    await cancelLocked(
      tx,
      order,
      await orderTicketsOf(tx, order.id),
      input.by === 'customer' ? 'T4' : 'T5',
      actor,
      now,
      input.reason,
    );
    return lockOrder(tx, order.scenicId, { id: order.id });
  });
}

/**
 * T5 for unpaid orders past their deadline, in batches. `FOR UPDATE SKIP LOCKED`: several
 * instances may run it at once, and an order being paid right now is skipped (its payment
 * decides). Returns how many orders were cancelled.
 */
export async function expireUnpaidOrders(db: Db, now = new Date(), batch = 100): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await db.transaction(async (tx) => {
      const due = await tx
        .select()
        .from(ticketOrders)
        // only orders still pending: a user-cancelled order stays unpaid (101) but is no longer due
        .where(
          and(
            eq(ticketOrders.payStatus, PAY_STATUS.unpaid),
            eq(ticketOrders.status, S.pendingPayment),
            sql`${ticketOrders.expiresAt} < ${now}`,
          ),
        )
        .orderBy(ticketOrders.expiresAt)
        .limit(batch)
        .for('update', { skipLocked: true });
      for (const order of due) {
        const tickets = await orderTicketsOf(tx, order.id);
        if (!tickets.some((t) => t.status === S.pendingPayment)) continue;
        await cancelLocked(tx, order, tickets, 'T5', SYSTEM_ACTOR, now, 'paymentDeadline');
      }
      return due.length;
    });
    total += n;
    if (n < batch) return total;
  }
}

/**
 * domain.md T13: the exit event of each visitor still inside (302) when their ticket closes, so the
 * log and the count of visitors inside balance. Written by the system: no gate, device "system",
 * result `dayClose`; the nonce names the ticket, so a rerun of the job writes none twice.
 */
async function writeClosingExits(tx: Db, ticketIds: number[], now: Date): Promise<void> {
  await tx.execute(sql`insert into gate_events (scenic_id, gate_id, device_id, nonce, direction,
      entry_type, read_mode, ticket_id, order_id, result, visitor_name, scanned_at)
    select t.scenic_id, null, 'system', 'T13-' || t.id, 'exit', 1, null, t.id, t.order_id, 'dayClose',
      left(t.visitor_name, 50), ${now.toISOString()}::timestamptz
    from order_tickets t
    where t.id in (${sql.join(
      ticketIds.map((id) => sql`${id}`),
      sql`, `,
    )}) and t.status = ${S.entered}
    on conflict (device_id, nonce) do nothing`);
}

/**
 * The validity-end job: T24 (unused or ticketed, never entered, past valid_until → expired), T14
 * (in use past valid_until → used) and T13 (entered or left: single-entry tickets after the day
 * of their entry, others past valid_until → used). Batches with SKIP LOCKED. "The day of their
 * entry" is a day of the ticket's area (scenic_areas.time_zone), whatever the server's zone.
 */
export async function expireTickets(
  db: Db,
  now = new Date(),
): Promise<{ expired: number; used: number; closed: number }> {
  const nowParam = sql`${now.toISOString()}::timestamptz`;
  // the first instant of the area's current day
  const today = sql`(((${nowParam} at time zone a.time_zone)::date)::timestamp at time zone a.time_zone)`;
  const run = async (
    transition: 'T24' | 'T14' | 'T13',
    to: typeof S.expired | typeof S.used,
    where: ReturnType<typeof sql>,
  ) => {
    let count = 0;
    for (;;) {
      const n = await db.transaction(async (tx) => {
        const rows = rowsOf<{ id: string | number; scenic_id: number; order_id: string | number }>(
          await tx.execute(sql`select t.id, t.scenic_id, t.order_id from order_tickets t
            join ticket_products p on p.id = t.product_id
            join scenic_areas a on a.id = t.scenic_id
            where ${where} order by t.id limit 500 for update of t skip locked`),
        );
        if (transition === 'T13' && rows.length)
          await writeClosingExits(
            tx,
            rows.map((r) => Number(r.id)),
            now,
          );
        const byScenic = new Map<number, number[]>();
        for (const r of rows) byScenic.set(r.scenic_id, [...(byScenic.get(r.scenic_id) ?? []), Number(r.id)]);
        for (const [scenicId, ticketIds] of byScenic)
          await transitionTickets(tx, { scenicId, ticketIds, transition, to });
        return rows.length;
      });
      count += n;
      if (n < 500) return count;
    }
  };
  const expired = await run(
    'T24',
    S.expired,
    sql`t.status in (${S.unused}, ${S.ticketed}) and t.valid_until < ${now} and t.entry_count = 0`,
  );
  const used = await run('T14', S.used, sql`t.status = ${S.inUse} and t.valid_until < ${now}`);
  const closed = await run(
    'T13',
    S.used,
    sql`t.status in (${S.entered}, ${S.left}) and (t.valid_until < ${now}
      or (p.entry_mode = ${ENTRY_MODE.single} and coalesce(t.first_entry_at, t.valid_from) < ${today}))`,
  );
  return { expired, used, closed };
}

// ---------------------------------------------------------------- issue & void

function ticketsOfOrder(all: TicketRecord[], ids: readonly number[] | undefined): TicketRecord[] {
  if (!ids) return all;
  const picked = all.filter((t) => ids.includes(t.id));
  if (picked.length !== new Set(ids).size) throw new AppError(404, 'notFound');
  return picked;
}

/**
 * T8: issues tickets (window print, card bind, OTA voucher): unused → ticketed, print count + 1.
 * Tickets already ticketed count one more print (a reprint). 409 for any other status.
 */
export async function issueTickets(
  db: Db,
  input: {
    scenicId: number;
    orderId: number;
    ticketIds?: number[];
    adminId: number;
    actor?: Actor;
    now?: Date;
  },
): Promise<TicketRecord[]> {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, input.scenicId, { id: input.orderId });
    const picked = ticketsOfOrder(await orderTicketsOf(tx, order.id), input.ticketIds);
    const now = input.now ?? new Date();
    if (picked.some((t) => t.validUntil <= now)) throw new AppError(409, 'transitionNotAllowed');
    const fresh = picked.filter((t) => t.status === S.unused);
    const reprint = picked.filter((t) => t.status === S.ticketed);
    if (!picked.length || fresh.length + reprint.length !== picked.length)
      throw new AppError(409, 'transitionNotAllowed');
    if (fresh.length)
      await transitionTickets(tx, {
        scenicId: order.scenicId,
        ticketIds: fresh.map((t) => t.id),
        transition: 'T8',
        to: S.ticketed,
        extra: sql`print_count = print_count + 1`,
      });
    if (reprint.length)
      await tx
        .update(orderTickets)
        .set({ printCount: sql`${orderTickets.printCount} + 1`, updatedAt: now })
        .where(
          and(
            inArray(
              orderTickets.id,
              reprint.map((t) => t.id),
            ),
            eq(orderTickets.status, S.ticketed),
          ),
        );
    await audit(tx, input.actor ?? { adminId: input.adminId, username: '' }, order.scenicId, {
      action: 'issue',
      targetId: order.orderNo,
      after: { transition: 'T8', issued: fresh.map((t) => t.id), reprinted: reprint.map((t) => t.id) },
    });
    return ticketsOfOrder(
      await orderTicketsOf(tx, order.id),
      picked.map((t) => t.id),
    );
  });
}

/**
 * T23: voids tickets without refund (unused, ticketed or expired, never entered): the secret is
 * revoked and stock or seats of a future date go back on sale.
 */
export async function voidTickets(
  db: Db,
  input: {
    scenicId: number;
    orderId: number;
    ticketIds: number[];
    reason: string;
    adminId: number;
    actor?: Actor;
    now?: Date;
  },
): Promise<TicketRecord[]> {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, input.scenicId, { id: input.orderId });
    const picked = ticketsOfOrder(await orderTicketsOf(tx, order.id), input.ticketIds);
    if (!picked.length || picked.some((t) => t.entryCount > 0))
      throw new AppError(409, 'transitionNotAllowed');
    const [entered] = rowsOf<{ n: number }>(
      await tx.execute(
        sql`select count(*)::int as n from gate_events where direction = 'entry' and ticket_id in (${sql.join(
          picked.map((t) => sql`${t.id}`),
          sql`, `,
        )})`,
      ),
    );
    if (Number(entered?.n ?? 0) > 0) throw new AppError(409, 'transitionNotAllowed');
    await transitionTickets(tx, {
      scenicId: order.scenicId,
      ticketIds: picked.map((t) => t.id),
      transition: 'T23',
      to: S.invalid,
      extra: sql`code = null`,
    });
    const today = areaDay(input.now ?? new Date(), await areaTimeZone(tx, order.scenicId));
    const future = picked.filter((t) => t.status !== S.expired && t.visitDate >= today);
    await releaseInventory(tx, order.orderNo, future, true);
    await audit(tx, input.actor ?? { adminId: input.adminId, username: '' }, order.scenicId, {
      action: 'void',
      targetId: order.orderNo,
      after: {
        transition: 'T23',
        tickets: picked.map((t) => t.id),
        reason: input.reason,
        released: future.length,
      },
    });
    return ticketsOfOrder(
      await orderTicketsOf(tx, order.id),
      picked.map((t) => t.id),
    );
  });
}
