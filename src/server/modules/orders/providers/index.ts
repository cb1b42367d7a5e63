import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { ValidationMessage } from '../../../../shared/api/validation-messages.ts';
import { AppError, FieldError } from '../../../http/errors.ts';
import { extensionPoint } from '../../../lib/extension-point.ts';
import { ticketOrders } from '../orders.table.ts';
import { offlineProvider } from './offline.ts';
import type { PaymentProvider } from './provider.ts';

export type { PaymentProvider } from './provider.ts';

/** Online providers plug in here (the payments module: WeChat Pay, Alipay); offline is built in. */
export const paymentProviders = extensionPoint<PaymentProvider>('orders.paymentProviders');

/** The provider of that name; 400 naming `provider` when there is none. */
export function paymentProvider(name: string): PaymentProvider {
  const provider =
    name === offlineProvider.name ? offlineProvider : paymentProviders.items.find((p) => p.name === name);
  if (!provider) throw new AppError(400, 'paymentProviderUnknown', { params: { provider: name } });
  return provider;
}

/** Orders in flight at a provider, asked before the expiry job cancels (outside its transaction). */
export async function paymentsInFlight(db: Db, now: Date): Promise<Set<string>> {
  const busy = new Set<string>();
  for (const provider of paymentProviders.items)
    for (const id of (await provider.settleBeforeExpiry?.(db, now)) ?? []) busy.add(id);
  return busy;
}

/**
 * Before a person cancels an unpaid order, outside the cancel's transaction: every online provider
 * settles or closes the order's payments in flight (PaymentProvider.settleBeforeCancel).
 */
export async function settlePaymentsBeforeCancel(
  db: Db,
  scenicId: number,
  order: { orderNo: string } | { orderId: number },
): Promise<void> {
  const providers = paymentProviders.items.filter((p) => p.settleBeforeCancel);
  if (!providers.length) return;
  let orderNo: string | undefined;
  if ('orderNo' in order) orderNo = order.orderNo;
  else {
    const [row] = await db
      .select({ orderNo: ticketOrders.orderNo })
      .from(ticketOrders)
      .where(and(eq(ticketOrders.id, order.orderId), eq(ticketOrders.scenicId, scenicId)));
    orderNo = row?.orderNo; // none: the cancel itself answers 404
  }
  if (orderNo === undefined) return;
  for (const provider of providers) await provider.settleBeforeCancel!(db, scenicId, orderNo);
}

/**
 * A payment a channel may report (`/api/open/order/pay`): cash, POS, on account, a settlement; not a
 * pay way or provider an online provider confirms by its own notification (400 naming the field).
 */
export function checkReportable(payWay: number, provider: string): void {
  const online = paymentProviders.items;
  if (online.some((p) => (p.payWays as readonly number[]).includes(payWay)))
    throw new FieldError('payWay', ValidationMessage.payWayOnline);
  if (online.some((p) => p.name === provider))
    throw new FieldError('provider', ValidationMessage.payWayOnline);
}
