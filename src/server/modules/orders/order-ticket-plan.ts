import { ValidationMessage } from '../../../shared/api/validation-messages.ts';
import { ENTRY_MODE, PRODUCT_TYPE, VALIDITY_TYPE } from '../../../shared/dict/ticket.ts';
import type { Db } from '../../db/client.ts';
import { FieldError } from '../../http/errors.ts';
import { reserveStockLines, type StockLine } from '../inventory/index.ts';
import { claimSeats, findShow } from '../theatres/index.ts';
import { resolveDeparture, takeDepartureSeats } from '../travel/index.ts';
import type { OrderProduct, OrderProducts } from './order-checks.ts';
import { at, type OrderRecord } from './order-core.ts';
import type { OrderLineInput, PlaceOrderInput, VisitorInput } from './order-placing.ts';

/**
 * The tickets an order is placed with, before they are written: its lines resolved (a departure's
 * product and date), the stock, seats or departure places taken, each ticket priced and its validity.
 */

/** The order with its lines resolved: each names its product and date. */
export type ResolvedOrderInput = Omit<PlaceOrderInput, 'lines'> & { lines: OrderLineInput[] };

export interface PlannedTicket {
  line: number;
  departureId: number | null;
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
  /** Set on a ticket priced by the distributor's tier */
  retailFloor?: number | null | undefined;
  entriesLeft: number;
  visitor: VisitorInput | null;
}

/** The fields every ticket of a line shares. */
function lineBase(product: OrderProduct, line: OrderLineInput, i: number) {
  return {
    line: i,
    departureId: null,
    productId: product.id,
    productType: product.productType,
    visitDate: line.date,
    entriesLeft: product.entryMode === ENTRY_MODE.times ? product.entryTimes : 1,
  };
}

/** The tickets of a performance line: its seats claimed under the order number, priced by their tier. */
async function planSeats(
  tx: Db,
  input: ResolvedOrderInput,
  order: OrderRecord,
  line: OrderLineInput,
  i: number,
  product: OrderProduct,
  timeZone: string,
): Promise<PlannedTicket[]> {
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
  return seats.map((seat, k) => ({
    ...lineBase(product, line, i),
    sessionId: null,
    periodId: null,
    showId: show.id,
    seat: { row: seat.row, col: seat.col, label: seat.label },
    price: seat.price,
    ...window,
    visitor: line.visitors?.[k] ?? null,
  }));
}

/**
 * Takes the stock of the order: calendar lines in one guarded call (fixed lock order), seats per
 * show; answers the tickets to write, priced from the calendar or the seats.
 */
export async function planTickets(
  tx: Db,
  input: ResolvedOrderInput,
  products: OrderProducts,
  order: OrderRecord,
  timeZone: string,
): Promise<PlannedTicket[]> {
  const planned: PlannedTicket[] = [];
  const stockIdx = input.lines.flatMap((l, i) =>
    l.departureId != null || products.get(l.productId)!.productType === PRODUCT_TYPE.performance ? [] : [i],
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
    if (line.departureId != null) {
      planned.push(...(await planDeparture(tx, input, line, i, product, timeZone)));
      continue;
    }
    if (product.productType === PRODUCT_TYPE.performance) {
      planned.push(...(await planSeats(tx, input, order, line, i, product, timeZone)));
      continue;
    }
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
        ...lineBase(product, line, i),
        sessionId: session?.id ?? null,
        periodId: r.periodId,
        showId: null,
        seat: null,
        price: r.unitPrice,
        ...window,
        visitor: line.visitors?.[k] ?? null,
      });
  }
  return planned;
}

/**
 * The tickets of a travel package departure: its seats taken by a guarded `sold + n <= capacity`
 * update, priced per traveller by the departure, valid from its date for the package's days.
 */
async function planDeparture(
  tx: Db,
  input: ResolvedOrderInput,
  line: OrderLineInput,
  i: number,
  product: OrderProduct,
  timeZone: string,
): Promise<PlannedTicket[]> {
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
  return Array.from({ length: line.quantity }, (_, k) => ({
    ...lineBase(product, line, i),
    departureId: departure.departureId,
    sessionId: null,
    periodId: null,
    showId: null,
    seat: null,
    price,
    ...window,
    visitor: line.visitors?.[k] ?? null,
  }));
}

/**
 * Resolves the departure lines (their product and date come from the departure); a departure is
 * the only line of its order.
 */
export async function resolveLines(tx: Db, input: PlaceOrderInput): Promise<ResolvedOrderInput> {
  const departures = input.lines.filter((l) => l.departureId != null).length;
  if (departures && input.lines.length > 1) throw new FieldError('lines', ValidationMessage.departureAlone);
  const lines: OrderLineInput[] = [];
  for (const [i, line] of input.lines.entries()) {
    if (line.departureId != null) {
      const departure = await resolveDeparture(tx, input.scenicId, line.departureId);
      lines.push({ ...line, productId: departure.productId, date: departure.date });
      continue;
    }
    if (line.productId == null) throw new FieldError(`lines.${i}.productId`, ValidationMessage.required);
    if (line.date == null) throw new FieldError(`lines.${i}.date`, ValidationMessage.required);
    lines.push({ ...line, productId: line.productId, date: line.date });
  }
  return { ...input, lines };
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
