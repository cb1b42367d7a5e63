import { and, asc, eq, sql } from 'drizzle-orm';
import type { SeatRef } from '../../../shared/api/theatres.ts';
import { ValidationMessage } from '../../../shared/api/validation-messages.ts';
import { PRODUCT_TYPE, SALE_STATUS } from '../../../shared/dict/product.ts';
import { SEAT_STATUS } from '../../../shared/dict/theatres.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { FieldError } from '../../http/errors.ts';
import { lineBase, validity, type HeldTicket, type StockHolder } from '../orders/index.ts';
import { claimSeats, findShow, releaseSeats, sellSeats } from './theatres.service.ts';
import { showSeats, theatreShows } from './theatres.table.ts';

/**
 * Theatre seats as a stock holder of orders (orders/order-stock.ts): a performance line claims its
 * seats under the order number (held until paid, then sold) and each ticket is priced by its seat's
 * tier.
 */

function seatsByShow(tickets: readonly HeldTicket[]): Map<number, SeatRef[]> {
  const shows = new Map<number, SeatRef[]>();
  for (const t of tickets) {
    if (t.showId == null || t.seatRow == null || t.seatCol == null) continue;
    shows.set(t.showId, [...(shows.get(t.showId) ?? []), { row: t.seatRow, col: t.seatCol }]);
  }
  return shows;
}

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

export const theatreSeats: StockHolder = {
  name: 'theatreSeats',
  claims: (_line, product) => product.productType === PRODUCT_TYPE.performance,
  holds: (ticket) => ticket.showId != null,

  async plan(tx, { input, order, timeZone }, lines) {
    const planned = [];
    for (const { line, index: i, product } of lines) {
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
      planned.push(
        seats.map((seat, k) => ({
          ...lineBase(product, line, i),
          showId: show.id,
          seat: { row: seat.row, col: seat.col, label: seat.label },
          price: seat.price,
          ...window,
          visitor: line.visitors?.[k] ?? null,
        })),
      );
    }
    return planned;
  },

  async release(tx, order, tickets, sold) {
    for (const [showId, seats] of seatsByShow(tickets))
      await releaseSeats(tx, { showId, holdRef: order.orderNo, seats, sold });
  },

  async reacquire(tx, order, tickets) {
    for (const [showId, seats] of seatsByShow(tickets)) {
      await claimSeats(tx, { scenicId: order.scenicId, showId, seats, holdRef: order.orderNo });
      await sellSeats(tx, { showId, holdRef: order.orderNo });
    }
  },

  async sell(tx, order, tickets) {
    for (const showId of new Set(tickets.flatMap((t) => (t.showId == null ? [] : [t.showId]))))
      await sellSeats(tx, { showId, holdRef: order.orderNo });
  },

  async releaseRefunded(tx, ticket) {
    if (ticket.showId == null || ticket.seatRow == null || ticket.seatCol == null) return;
    const [seat] = await queryRows<{ hold_ref: string | null }>(
      tx,
      sql`select hold_ref from show_seats
          where show_id = ${ticket.showId} and row = ${ticket.seatRow} and col = ${ticket.seatCol}`,
    );
    if (seat?.hold_ref)
      await releaseSeats(tx, {
        showId: ticket.showId,
        holdRef: seat.hold_ref,
        seats: [{ row: ticket.seatRow, col: ticket.seatCol }],
        sold: true,
      });
  },

  async offers(db, scenicId, date, products) {
    const shows = await showsOn(db, scenicId, date);
    return new Map(
      products
        .filter((p) => p.productType === PRODUCT_TYPE.performance)
        .map((p) => [
          p.id,
          shows
            .filter((s) => s.productId === p.id)
            .map((s) => ({
              sessionId: null,
              showId: s.showId,
              periodId: null,
              time: `${s.start}-${s.end}`,
              price: Number(s.price),
              left: Number(s.left),
            })),
        ]),
    );
  },
};
