import { AppError } from '../../../http/errors.ts';
import { offlineProvider } from './offline.ts';
import type { PaymentProvider } from './provider.ts';

export type { PaymentProvider } from './provider.ts';

const PROVIDERS = new Map<string, PaymentProvider>([[offlineProvider.name, offlineProvider]]);

/** The provider of that name; 400 naming `provider` when there is none. */
export function paymentProvider(name: string): PaymentProvider {
  const provider = PROVIDERS.get(name);
  if (!provider) throw new AppError(400, 'paymentProviderUnknown', { params: { provider: name } });
  return provider;
}

/** Adds a provider (online providers register at start). */
export function registerPaymentProvider(provider: PaymentProvider): void {
  PROVIDERS.set(provider.name, provider);
}
