import { and, asc, eq, sql } from 'drizzle-orm';
import type { Sellable } from '../../../shared/api/selling.ts';
import {
  PRODUCT_TYPE,
  SALE_STATUS,
  SEAT_STATUS,
  SHELF,
  type BuyChannelCode,
} from '../../../shared/dict/ticket.ts';
import type { Db } from '../../db/client.ts';
import { periodAt, priceCalendar, publicStockLeft } from '../inventory/index.ts';
import { productSessions, ticketProducts } from '../products/index.ts';
import { showSeats, theatreShows } from '../theatres/index.ts';

/** What a sales channel may sell on a date (the selling API's product list, docs/api.md). */

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

/** The shows on sale on `date`, with their lowest seat price and the seats left. */
function showsOn(db: Db, scenicId: number, date: string) {
  return db
    .select({
      productId: theatreShows.productId,
      showId: theatreShows.id,
      start: theatreShows.startTime,
      end: theatreShows.endTime,
      price: sql<number>`coalesce(min(${showSeats.price}), 0)::int`,
      left: sql<number>`count(${showSeats.id})::int`,
    })
    .from(theatreShows)
    .leftJoin(
      showSeats,
      and(eq(showSeats.showId, theatreShows.id), eq(showSeats.status, SEAT_STATUS.available)),
    )
    .where(
      and(
        eq(theatreShows.scenicId, scenicId),
        eq(theatreShows.showDate, date),
        eq(theatreShows.status, SALE_STATUS.onSale),
      ),
    )
    .groupBy(theatreShows.id)
    .orderBy(asc(theatreShows.startTime));
}

/**
 * The offers of a calendar day: one per session, or per time slot of the area's public stock, which
 * caps what the day can still sell (docs/decisions.md).
 */
function calendarOffers(d: CalendarDay, slots: Awaited<ReturnType<typeof publicStockLeft>>) {
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

/** The products on shelf for `channel` on `date`, each with its offers: price, time and stock left. */
export async function sellableOn(
  db: Db,
  scenicId: number,
  channel: BuyChannelCode,
  date: string,
): Promise<Sellable[]> {
  const products = await db
    .select()
    .from(ticketProducts)
    .where(
      and(
        eq(ticketProducts.scenicId, scenicId),
        eq(ticketProducts.shelfStatus, SHELF.on),
        sql`${channel} = any(${ticketProducts.channels})`,
      ),
    )
    .orderBy(asc(ticketProducts.sort), asc(ticketProducts.id));
  const days = await calendarDays(db, scenicId, date);
  const shows = await showsOn(db, scenicId, date);
  // the area's public stock caps what a calendar day can still sell (docs/decisions.md)
  const slots = await publicStockLeft(db, scenicId, date);
  return products.map((p) => ({
    productId: p.id,
    name: p.name,
    productType: p.productType,
    realNameType: p.realNameType,
    limitPerOrder: p.limitPerOrder,
    limitPerIdNumber: p.limitPerIdNumber,
    offers:
      p.productType === PRODUCT_TYPE.performance
        ? shows
            .filter((s) => s.productId === p.id)
            .map((s) => ({
              sessionId: null,
              showId: s.showId,
              periodId: null,
              time: `${s.start}-${s.end}`,
              price: Number(s.price),
              left: Number(s.left),
            }))
        : days.filter((d) => d.productId === p.id).flatMap((d) => calendarOffers(d, slots)),
  }));
}
