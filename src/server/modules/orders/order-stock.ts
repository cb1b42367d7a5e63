import type { Sellable } from '../../../shared/api/selling.ts';
import type { Db } from '../../db/client.ts';
import { extensionPoint, pluggedOne } from '../../lib/extension-point.ts';
import type { OrderProduct } from './order-checks.ts';
import type { OrderRecord, TicketRecord } from './order-core.ts';
import type { OrderLineInput, PlaceLineInput, PlaceOrderInput } from './order-placing.ts';
import type { PlannedTicket, ResolvedOrderInput } from './order-ticket-plan.ts';

/**
 * Extension point "stock holders" (docs/architecture.md "Extension points"): what an order's
 * tickets take when it is placed and give back when it is cancelled, voided or refunded. The
 * calendar stock (inventory) takes every line no other holder claims; theatre seats and travel
 * departures claim their own. Orders calls them and names none.
 */

/** A line of the order as a holder plans it: its index in the order and its product. */
export interface HeldLine {
  line: OrderLineInput;
  index: number;
  product: OrderProduct;
}

export interface PlanContext {
  input: ResolvedOrderInput;
  /** The order row, written first: its number is the hold reference of seats. */
  order: OrderRecord;
  timeZone: string;
}

/** What a holder reads of a written ticket. */
export type HeldTicket = Pick<
  TicketRecord,
  | 'scenicId'
  | 'productId'
  | 'productType'
  | 'departureId'
  | 'sessionId'
  | 'periodId'
  | 'showId'
  | 'seatRow'
  | 'seatCol'
  | 'visitDate'
>;

/** The order a holder gives back or takes again for. */
export type HoldingOrder = Pick<OrderRecord, 'scenicId' | 'orderNo'>;

export type Offer = Sellable['offers'][number];

export interface StockHolder {
  name: string;
  /** Takes the lines no other holder claims (one holder: the calendar stock). */
  fallback?: boolean;
  /**
   * A line that names no product or date of its own (a travel departure): its product and date, or
   * undefined when it is not this holder's. Throws a FieldError for a bad reference.
   */
  resolveLine?(
    tx: Db,
    input: PlaceOrderInput,
    line: PlaceLineInput,
    index: number,
  ): Promise<{ productId: number; date: string } | undefined>;
  /** Whether the line is this holder's (the first holder that claims it plans it). */
  claims(line: OrderLineInput, product: OrderProduct): boolean;
  /** Takes the stock of its lines (guarded: 409 when gone) and answers each line's tickets, in order. */
  plan(tx: Db, context: PlanContext, lines: readonly HeldLine[]): Promise<PlannedTicket[][]>;
  /** Whether a written ticket took this holder's stock. */
  holds(ticket: HeldTicket): boolean;
  /** Gives back the stock of tickets: held by an unpaid order, or with `sold` sold ones (T4/T5, T23). */
  release(tx: Db, order: HoldingOrder, tickets: readonly HeldTicket[], sold: boolean): Promise<void>;
  /** Takes the same stock again and sells it (a late payment, T6); 409 when it is gone. */
  reacquire(tx: Db, order: HoldingOrder, tickets: readonly HeldTicket[]): Promise<void>;
  /** Makes held stock sold when the order is paid (T2/T3). */
  sell?(tx: Db, order: HoldingOrder, tickets: readonly HeldTicket[]): Promise<void>;
  /** Gives back one refunded ticket's stock (T17/T20), its visit day not yet over. */
  releaseRefunded(tx: Db, ticket: HeldTicket): Promise<void>;
  /** What is on sale on `date` for the products this holder sells (the selling API's offers). */
  offers(
    db: Db,
    scenicId: number,
    date: string,
    products: readonly { id: number; productType: number }[],
  ): Promise<Map<number, Offer[]>>;
}

export const stockHolders = extensionPoint<StockHolder>('orders.stockHolders');

const fallbackHolder = () => pluggedOne(stockHolders, (h) => h.fallback === true);

/** The holder that plans a line: the first that claims it, else the fallback. */
export function holderOfLine(line: OrderLineInput, product: OrderProduct): StockHolder {
  return stockHolders.items.find((h) => !h.fallback && h.claims(line, product)) ?? fallbackHolder();
}

/** The holder whose stock a written ticket took. */
export function holderOfTicket(ticket: HeldTicket): StockHolder {
  return stockHolders.items.find((h) => !h.fallback && h.holds(ticket)) ?? fallbackHolder();
}

/** Tickets grouped by the holder of their stock (the fallback first, as when they were taken). */
function byHolder(tickets: readonly HeldTicket[]): [StockHolder, HeldTicket[]][] {
  const groups = new Map<StockHolder, HeldTicket[]>();
  for (const t of tickets) {
    const holder = holderOfTicket(t);
    groups.set(holder, [...(groups.get(holder) ?? []), t]);
  }
  return [...groups].sort(([a], [b]) => Number(b.fallback ?? false) - Number(a.fallback ?? false));
}

/** Gives back the stock and seats of tickets (held ones of an unpaid order; with `sold`, sold ones). */
export async function releaseInventory(
  tx: Db,
  order: HoldingOrder,
  tickets: readonly HeldTicket[],
  sold: boolean,
) {
  for (const [holder, own] of byHolder(tickets)) await holder.release(tx, order, own, sold);
}

/** Takes the same stock and seats again and sells them (T6); 409 when they are gone. */
export async function reacquireInventory(tx: Db, order: HoldingOrder, tickets: readonly HeldTicket[]) {
  for (const [holder, own] of byHolder(tickets)) await holder.reacquire(tx, order, own);
}

/** Makes the held stock of a paid order sold (T2/T3). */
export async function sellInventory(tx: Db, order: HoldingOrder, tickets: readonly HeldTicket[]) {
  for (const [holder, own] of byHolder(tickets)) await holder.sell?.(tx, order, own);
}

/** Gives back one refunded ticket's stock (T17/T20). */
export function releaseRefundedTicket(tx: Db, ticket: HeldTicket): Promise<void> {
  return holderOfTicket(ticket).releaseRefunded(tx, ticket);
}
