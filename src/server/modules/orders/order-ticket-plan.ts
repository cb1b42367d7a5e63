import { ValidationMessage } from '../../../shared/api/validation-messages.ts';
import { ENTRY_MODE, VALIDITY_TYPE } from '../../../shared/dict/product.ts';
import type { Db } from '../../db/client.ts';
import { FieldError } from '../../http/errors.ts';
import type { OrderProduct, OrderProducts } from './order-checks.ts';
import { at, type OrderRecord } from './order-core.ts';
import { holderOfLine, stockHolders, type HeldLine, type StockHolder } from './order-stock.ts';
import type { OrderLineInput, PlaceOrderInput, VisitorInput } from './order-placing.ts';

/**
 * The tickets an order is placed with, before they are written: its lines resolved (a departure's
 * product and date), the stock taken by their stock holders, each ticket priced and its validity.
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

/** The fields every ticket of a line shares (a stock holder adds its own: slot, seat, price, validity). */
export function lineBase(
  product: OrderProduct,
  line: OrderLineInput,
  i: number,
): Omit<PlannedTicket, 'price' | 'validFrom' | 'validUntil' | 'visitor'> {
  return {
    line: i,
    departureId: null,
    sessionId: null,
    periodId: null,
    showId: null,
    seat: null,
    productId: product.id,
    productType: product.productType,
    visitDate: line.date,
    entriesLeft: product.entryMode === ENTRY_MODE.times ? product.entryTimes : 1,
  };
}

/**
 * Takes the stock of the order through its stock holders (order-stock.ts): the calendar's lines
 * first in one guarded call (fixed lock order), then each other holder's; answers the tickets to
 * write, in the order of the lines, priced by their holder.
 */
export async function planTickets(
  tx: Db,
  input: ResolvedOrderInput,
  products: OrderProducts,
  order: OrderRecord,
  timeZone: string,
): Promise<PlannedTicket[]> {
  const groups = new Map<StockHolder, HeldLine[]>();
  for (const [index, line] of input.lines.entries()) {
    const product = products.get(line.productId)!;
    const holder = holderOfLine(line, product);
    groups.set(holder, [...(groups.get(holder) ?? []), { line, index, product }]);
  }
  const byLine: PlannedTicket[][] = [];
  const ordered = [...groups].sort(([a], [b]) => Number(b.fallback ?? false) - Number(a.fallback ?? false));
  for (const [holder, lines] of ordered) {
    const planned = await holder.plan(tx, { input, order, timeZone }, lines);
    lines.forEach((l, k) => (byLine[l.index] = planned[k]!));
  }
  return byLine.flat();
}

/** Resolves the lines a holder names (a departure: its product and date); the others need both. */
export async function resolveLines(tx: Db, input: PlaceOrderInput): Promise<ResolvedOrderInput> {
  const named: ({ productId: number; date: string } | undefined)[] = [];
  for (const [i, line] of input.lines.entries()) {
    let resolved: { productId: number; date: string } | undefined;
    for (const holder of stockHolders.items) resolved ??= await holder.resolveLine?.(tx, input, line, i);
    named.push(resolved);
  }
  const lines = input.lines.map((line, i): OrderLineInput => {
    const resolved = named[i];
    if (resolved) return { ...line, ...resolved };
    if (line.productId == null) throw new FieldError(`lines.${i}.productId`, ValidationMessage.required);
    if (line.date == null) throw new FieldError(`lines.${i}.date`, ValidationMessage.required);
    return { ...line, productId: line.productId, date: line.date };
  });
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
