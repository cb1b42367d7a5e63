import { extensionPoint } from '../../lib/extension-point.ts';
import type { PayAdapter } from './adapters/adapter.ts';

/**
 * The provider adapters, one per online pay way (adapters/adapter.ts): listed in payments.module.ts
 * as `payAdapters.plug(adapter)`, or registered at run time with `registerPayAdapter` (tests, a
 * sandbox's stand-in). "Test connection", payments and refunds find theirs with `payAdapter(payWay)`.
 */
export const payAdapters = extensionPoint<PayAdapter>('payments.payAdapters');

/** Registered at run time; null hides the pay way's plugged adapter (a test of "none installed"). */
const registered = new Map<number, PayAdapter | null>();

/** Registers `adapter` for its pay way, over a plugged one; answers how to undo it. */
export function registerPayAdapter(adapter: PayAdapter): () => void {
  return put(adapter.payWay, adapter);
}

/** Hides the pay way's adapter (tests); answers how to undo it. */
export function hidePayAdapter(payWay: number): () => void {
  return put(payWay, null);
}

function put(payWay: number, adapter: PayAdapter | null): () => void {
  const had = registered.has(payWay);
  const before = registered.get(payWay);
  registered.set(payWay, adapter);
  return () => {
    if (had) registered.set(payWay, before ?? null);
    else registered.delete(payWay);
  };
}

/** The adapter of a pay way, or undefined when none is installed. */
export function payAdapter(payWay: number): PayAdapter | undefined {
  if (registered.has(payWay)) return registered.get(payWay) ?? undefined;
  return payAdapters.items.findLast((a) => a.payWay === payWay);
}
