import { lazy, Suspense } from 'react';
import { usePermission } from '../../components/can.tsx';
import { loadLocales } from '../../lib/i18n.ts';

const shipBadgeTexts = () => import('./ship-badge.locale.ts');

// loaded on its own after the layout, like the refunds badge: nothing of it reaches the shell's first load
const PendingShipBadge = lazy(() =>
  Promise.all([import('./pending-ship-badge.tsx'), loadLocales(shipBadgeTexts)])
    .then(([badge]) => badge)
    .catch(() => ({ default: () => null })),
);

/** The top bar's place for the count of shop orders to ship (GET /order/countShipOrder). */
export function PendingShipSlot() {
  // accounts without the orders load nothing of it
  const allowed = usePermission()('shop:order:page');
  if (!allowed) return null;
  return (
    <Suspense fallback={null}>
      <PendingShipBadge />
    </Suspense>
  );
}
