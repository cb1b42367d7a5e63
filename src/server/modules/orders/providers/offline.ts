import type { PaymentProvider } from './provider.ts';

/**
 * Money taken outside the system: cash and POS at a window, on account, a channel's settlement
 * (OTA, distributor). Confirmations come from the cashier or the channel; refunds are handed back
 * by a person, who marks them done.
 */
export const offlineProvider: PaymentProvider = {
  name: 'offline',
  payWays: [1, 5, 8, 9, 10, 11, 12, 13, 15, 16, 17, 98, 99],
  refund: () => Promise.resolve({ status: 'created', providerRefundId: null }),
};
