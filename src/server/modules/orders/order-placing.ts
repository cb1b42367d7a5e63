import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
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
import { reserveStockLines, type StockLine } from '../inventory/index.ts';
import { findProduct } from '../products/index.ts';
import { claimSeats, findShow, sellSeats } from '../theatres/index.ts';
import { orderTickets, payments, ticketOrders } from './orders.table.ts';
import { rowsOf } from '../../db/rows.ts';
import { areaDay, areaTimeZone } from '../../lib/area-clock.ts';
import {
  type Actor,
  DEAD_STATUSES,
  OFFLINE_PAY_WAYS,
  type OrderRecord,
  PAYMENT_DEADLINE_MINUTES,
  type TicketRecord,
  at,
  audit,
} from './order-core.ts';

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

export const fieldMsg = (zh: string, en: string): DictEntry => ({ zh, en });

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
