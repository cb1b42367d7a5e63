import { and, asc, eq, sql } from 'drizzle-orm';
import { PRODUCT_TYPE, SALE_STATUS } from '../../../shared/dict/product.ts';
import type { Db } from '../../db/client.ts';
import { lineBase, validity, type HeldTicket, type Offer, type StockHolder } from '../orders/index.ts';
import { productSessions } from '../products/index.ts';
import {
  periodAt,
  publicStockLeft,
  releaseStock,
  releaseStockLines,
  reserveStockLines,
  type StockLine,
} from './inventory.service.ts';
import { priceCalendar } from './inventory.table.ts';

/**
 * The calendar stock as the orders' fallback stock holder (orders/order-stock.ts): every line that
 * no other holder claims takes a day of the price calendar (and the area's public stock), in one
 * guarded call with a fixed lock order, and is priced by the calendar.
 */

/** The tickets of one calendar line: one stock line per product, day, session and slot. */
function stockLinesOf(tickets: readonly HeldTicket[]): StockLine[] {
  const lines = new Map<string, StockLine>();
  for (const t of tickets) {
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

/** The calendar days on sale on `date`, with their sessions' times. */
function calendarDays(db: Db, scenicId: number, date: string) {
  return db
    .select({
      productId: priceCalendar.productId,
      sessionId: priceCalendar.sessionId,
      price: priceCalendar.price,
      left: sql<number>`(${priceCalendar.stock} - ${priceCalendar.sold})::int`,
      start: productSessions.startTime,
      end: productSessions.endTime,
    })
    .from(priceCalendar)
    .leftJoin(productSessions, eq(productSessions.id, priceCalendar.sessionId))
    .where(
      and(
        eq(priceCalendar.scenicId, scenicId),
        eq(priceCalendar.date, date),
        eq(priceCalendar.status, SALE_STATUS.onSale),
      ),
    )
    .orderBy(asc(productSessions.startTime));
}

type CalendarDay = Awaited<ReturnType<typeof calendarDays>>[number];

/**
 * The offers of a calendar day: one per session, or per time slot of the area's public stock, which
 * caps what the day can still sell (docs/decisions.md).
 */
function calendarOffers(d: CalendarDay, slots: Awaited<ReturnType<typeof publicStockLeft>>): Offer[] {
  const left = Math.max(0, Number(d.left));
  const base = { sessionId: d.sessionId, showId: null, price: d.price };
  if (!slots.length)
    return [{ ...base, periodId: null, time: d.start && d.end ? `${d.start}-${d.end}` : '', left }];
  if (d.start && d.end) {
    const slot = periodAt(slots, d.start);
    return [
      {
        ...base,
        periodId: slot?.id ?? null,
        time: `${d.start}-${d.end}`,
        left: slot ? Math.min(left, slot.left) : left,
      },
    ];
  }
  return slots.map((s) => ({
    ...base,
    periodId: s.id,
    time: `${s.startTime}-${s.endTime}`,
    left: Math.min(left, s.left),
  }));
}

export const calendarStock: StockHolder = {
  name: 'calendar',
  fallback: true,
  claims: () => true,
  holds: () => true,

  async plan(tx, { input, timeZone }, lines) {
    const reservations = await reserveStockLines(
      tx,
      lines.map(({ line }) => ({
        scenicId: input.scenicId,
        productId: line.productId,
        date: line.date,
        sessionId: line.sessionId ?? null,
        periodId: line.periodId ?? null,
        quantity: line.quantity,
      })),
    );
    return lines.map(({ line, index, product }, k) => {
      const r = reservations[k]!;
      const session = product.sessions.find((s) => s.id === line.sessionId);
      const window = validity(
        product,
        line.date,
        session ? { start: session.startTime, end: session.endTime } : null,
        timeZone,
      );
      return Array.from({ length: line.quantity }, (_, v) => ({
        ...lineBase(product, line, index),
        sessionId: session?.id ?? null,
        periodId: r.periodId,
        price: r.unitPrice,
        ...window,
        visitor: line.visitors?.[v] ?? null,
      }));
    });
  },

  async release(tx, _order, tickets) {
    const lines = stockLinesOf(tickets);
    if (lines.length) await releaseStockLines(tx, lines);
  },

  async reacquire(tx, _order, tickets) {
    const lines = stockLinesOf(tickets);
    if (lines.length) await reserveStockLines(tx, lines);
  },

  async releaseRefunded(tx, ticket) {
    // only these kinds count their sales on the calendar a refund gives back (docs/decisions.md)
    if (ticket.productType !== PRODUCT_TYPE.regular && ticket.productType !== PRODUCT_TYPE.timed) return;
    await releaseStock(tx, {
      scenicId: ticket.scenicId,
      productId: ticket.productId,
      date: ticket.visitDate,
      sessionId: ticket.sessionId,
      periodId: ticket.periodId,
      quantity: 1,
    });
  },

  async offers(db, scenicId, date, products) {
    const days = await calendarDays(db, scenicId, date);
    // the area's public stock caps what a calendar day can still sell (docs/decisions.md)
    const slots = await publicStockLeft(db, scenicId, date);
    return new Map(
      products.map((p) => [
        p.id,
        days.filter((d) => d.productId === p.id).flatMap((d) => calendarOffers(d, slots)),
      ]),
    );
  },
};
