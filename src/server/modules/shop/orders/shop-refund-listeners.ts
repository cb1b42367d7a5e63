import type { Db } from '../../../db/client.ts';
import { extensionPoint } from '../../../lib/extension-point.ts';

/** A refund of a shop order as its listeners hear it: the order's `refunded_amount` grew by `amount`. */
export interface ShopOrderRefund {
  scenicId: number;
  orderId: number;
  amount: number;
}

/**
 * Extension point "shop refunds": what happens in a shop refund's transaction once the order's
 * money is taken back (the red-letter invoice is requested). A listener must not fail the refund.
 */
export interface ShopRefundListener {
  name: string;
  refunded(tx: Db, refund: ShopOrderRefund): Promise<void>;
}

export const shopRefundListeners = extensionPoint<ShopRefundListener>('shop.refundListeners');

export async function shopOrderRefunded(tx: Db, refund: ShopOrderRefund): Promise<void> {
  for (const listener of shopRefundListeners.items) await listener.refunded(tx, refund);
}
