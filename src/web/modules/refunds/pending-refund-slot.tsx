import { lazy, Suspense } from 'react';
import { loadLocales } from '../../lib/i18n.ts';
import refunds from './refunds.module.ts';

// loaded on its own after the layout: nothing of it reaches the login route; a failed load shows nothing
const PendingRefundBadge = lazy(() =>
  Promise.all([import('./pending-refund-badge.tsx'), loadLocales(refunds.locales)])
    .then(([badge]) => badge)
    .catch(() => ({ default: () => null })),
);

/** The top bar's place for the pending refund count (docs/product.md §7 countRefundApply). */
export function PendingRefundSlot() {
  return (
    <Suspense fallback={null}>
      <PendingRefundBadge />
    </Suspense>
  );
}
