import { lazy, Suspense } from 'react';

// loaded on its own after the layout: nothing of it reaches the login route; a failed load shows nothing
const PendingRefundBadge = lazy(() =>
  import('./pending-refund-badge.tsx').catch(() => ({ default: () => null })),
);

/** The top bar's place for the pending refund count (spec §7 countRefundApply). */
export function PendingRefundSlot() {
  return (
    <Suspense fallback={null}>
      <PendingRefundBadge />
    </Suspense>
  );
}
