import type { PayWayCode } from '../../../shared/dict/order.ts';
import type { Db } from '../../db/client.ts';
import type { MsgKey } from '../../http/messages.ts';
import { extensionPoint } from '../../lib/extension-point.ts';
import type { OrderRecord } from './order-core.ts';
import type { PlaceOrderInput } from './order-placing.ts';
import type { PlannedTicket, ResolvedOrderInput } from './order-ticket-plan.ts';

/**
 * The extension points of an order's money (docs/architecture.md "Extension points"): pricing
 * steps change the tickets' prices before the total is taken; stored-value pay ways pay a whole
 * order when it is placed and take its refunds back; order listeners react to an order paid or
 * cancelled. Orders calls them and names none of the modules that plug in.
 */

// ---------------------------------------------------------------- pricing steps

/** What the order row keeps of its pricing (the amounts are in cents). */
export interface OrderPricing {
  /** The distributor's price tier that priced it */
  tierId: number | null;
  levelDiscount: number;
  couponDiscount: number;
}

export interface PricingContext {
  input: ResolvedOrderInput;
  /** The order row (its number holds a reserved coupon). */
  order: OrderRecord;
  /** The tickets as planned: a step changes their `price` (and `retailFloor`) in place. */
  tickets: PlannedTicket[];
  now: Date;
}

export interface PricingStep {
  name: string;
  /** When it runs, lowest first: a distributor's tier (10), a member's level (20), a coupon (30). */
  stage: number;
  /** Prices the tickets; answers what the order row keeps of this step, if anything. */
  price(tx: Db, context: PricingContext): Promise<Partial<OrderPricing> | undefined>;
}

export const pricingSteps = extensionPoint<PricingStep>('orders.pricingSteps');

/** Runs every pricing step in stage order; answers what the order row keeps. */
export async function priceOrder(tx: Db, context: PricingContext): Promise<OrderPricing> {
  const kept: OrderPricing = { tierId: null, levelDiscount: 0, couponDiscount: 0 };
  for (const step of [...pricingSteps.items].sort((a, b) => a.stage - b.stage))
    Object.assign(kept, await step.price(tx, context));
  return kept;
}

// ---------------------------------------------------------------- stored-value pay ways

/** The order a stored-value refund goes back for. */
export interface PaidBackOrder {
  scenicId: number;
  orderId: number;
  amount: number;
  refundId: number;
  adminId: number;
}

/**
 * Money a party keeps with the area (a member's balance, a distributor's balance or credit): it pays
 * the whole order when the order is placed (T2, a guarded debit in the order's transaction) and takes
 * a refund back at once ('done').
 */
export interface StoredValuePayWay {
  /** The payments' provider name: refunds find their way back by it. */
  provider: string;
  payWays: readonly PayWayCode[];
  /** Before anything is written: 400 when the order has nobody to pay this way. */
  check(input: PlaceOrderInput): void;
  /** The 400 answer when a provider later confirms a payment this way: it pays only with the order. */
  onlyAtOrder: MsgKey;
  pay(tx: Db, order: OrderRecord, payWay: PayWayCode, amount: number): Promise<void>;
  payBack(tx: Db, refund: PaidBackOrder): Promise<void>;
}

export const storedValuePayWays = extensionPoint<StoredValuePayWay>('orders.storedValuePayWays');

/** The stored value that pays this way, if any. */
export const storedValueOf = (payWay: number | undefined) =>
  storedValuePayWays.items.find((w) => payWay != null && w.payWays.includes(payWay as PayWayCode));

/** The stored value of a payment's provider, if any. */
export const storedValueOfProvider = (provider: string) =>
  storedValuePayWays.items.find((w) => w.provider === provider);

// ---------------------------------------------------------------- order events

export interface OrderListener {
  name: string;
  /** The order is paid: T2, T3, or a late payment taken (T6, `late`). */
  paid?(tx: Db, order: OrderRecord, now: Date, late: boolean): Promise<void>;
  /** The unpaid order is cancelled (T4/T5). */
  cancelled?(tx: Db, order: OrderRecord): Promise<void>;
  /**
   * Money of the paid order is given back (its `refunded_amount` grew by `amount`), in the refund's
   * transaction: e.g. the red-letter invoice requested for it. A listener must not fail the refund.
   */
  refunded?(tx: Db, refund: OrderRefund): Promise<void>;
}

/** A refund as order listeners hear it. */
export interface OrderRefund {
  scenicId: number;
  orderId: number;
  amount: number;
}

export const orderListeners = extensionPoint<OrderListener>('orders.listeners');

export async function orderPaid(tx: Db, order: OrderRecord, now: Date, late = false): Promise<void> {
  for (const listener of orderListeners.items) await listener.paid?.(tx, order, now, late);
}

export async function orderCancelled(tx: Db, order: OrderRecord): Promise<void> {
  for (const listener of orderListeners.items) await listener.cancelled?.(tx, order);
}

export async function orderRefunded(tx: Db, refund: OrderRefund): Promise<void> {
  for (const listener of orderListeners.items) await listener.refunded?.(tx, refund);
}

// ---------------------------------------------------------------- the refund ledger

/** A refund row written by orders itself: a late or second payment given back at once (T6, T7). */
export interface PaymentRefund {
  scenicId: number;
  orderId: number;
  paymentId: number;
  amount: number;
  status: string;
  providerRefundId: string | null;
  reason: string;
}

/** Extension point "refund ledger": where refund rows are kept (the refunds module's table). */
export interface RefundLedger {
  record(tx: Db, refund: PaymentRefund): Promise<void>;
}

export const refundLedgers = extensionPoint<RefundLedger>('orders.refundLedger');
