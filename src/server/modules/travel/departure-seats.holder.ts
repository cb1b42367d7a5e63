import { ValidationMessage } from '../../../shared/api/validation-messages.ts';
import { FieldError } from '../../http/errors.ts';
import { at, lineBase, type HeldTicket, type StockHolder } from '../orders/index.ts';
import { releaseDepartureSeats, resolveDeparture, takeDepartureSeats } from './travel-seats.ts';

/**
 * Travel departures as a stock holder of orders (orders/order-stock.ts; docs/decisions.md "Travel
 * packages are sold as ticket orders"): a departure line names the departure only (its product,
 * date and price come from it), is the only line of its order, and takes places by a guarded
 * `sold + n <= capacity` update.
 */

/** The departures of tickets and how many of their places the tickets hold. */
function placesByDeparture(tickets: readonly HeldTicket[]): Map<number, number> {
  const departures = new Map<number, number>();
  for (const t of tickets)
    if (t.departureId != null) departures.set(t.departureId, (departures.get(t.departureId) ?? 0) + 1);
  return departures;
}

export const departureSeats: StockHolder = {
  name: 'departureSeats',
  claims: (line) => line.departureId != null,
  holds: (ticket) => ticket.departureId != null,

  async resolveLine(tx, input, line) {
    if (line.departureId == null) return undefined;
    if (input.lines.length > 1) throw new FieldError('lines', ValidationMessage.departureAlone);
    const departure = await resolveDeparture(tx, input.scenicId, line.departureId);
    return { productId: departure.productId, date: departure.date };
  },

  async plan(tx, { input, timeZone }, lines) {
    const planned = [];
    for (const { line, index, product } of lines) {
      const departure = await resolveDeparture(tx, input.scenicId, line.departureId!);
      const { price } = await takeDepartureSeats(tx, {
        scenicId: input.scenicId,
        departureId: departure.departureId,
        quantity: line.quantity,
      });
      const window = {
        validFrom: at(timeZone, departure.date),
        validUntil: at(timeZone, departure.date, departure.days),
      };
      planned.push(
        Array.from({ length: line.quantity }, (_, k) => ({
          ...lineBase(product, line, index),
          departureId: departure.departureId,
          price,
          ...window,
          visitor: line.visitors?.[k] ?? null,
        })),
      );
    }
    return planned;
  },

  async release(tx, _order, tickets) {
    for (const [departureId, quantity] of placesByDeparture(tickets))
      await releaseDepartureSeats(tx, { scenicId: tickets[0]!.scenicId, departureId, quantity });
  },

  async reacquire(tx, order, tickets) {
    // the departure may have closed meanwhile: the places are what this order had
    for (const [departureId, quantity] of placesByDeparture(tickets))
      await takeDepartureSeats(tx, { scenicId: order.scenicId, departureId, quantity, anyState: true });
  },

  async releaseRefunded(tx, ticket) {
    await releaseDepartureSeats(tx, {
      scenicId: ticket.scenicId,
      departureId: ticket.departureId!,
      quantity: 1,
    });
  },

  // a departure is offered by the travel screens and the package API, not by the day's product list
  offers: async () => new Map(),
};
