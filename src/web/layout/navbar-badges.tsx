import { lazy, Suspense, type ComponentType } from 'react';
import { usePermission } from '../components/can.tsx';
import { useConsoleShape } from '../lib/console-shape.ts';
import { loadLocales } from '../lib/i18n.ts';
import type { NavbarBadge } from '../lib/web-module.ts';

const components = new WeakMap<NavbarBadge, ComponentType>();

/**
 * A badge's lazy component, made once: it loads on its own after the layout, with its texts, so
 * nothing of it reaches the shell's first load; a failed load shows nothing.
 */
function badgeComponent(badge: NavbarBadge): ComponentType {
  let component = components.get(badge);
  if (!component) {
    component = lazy(() =>
      Promise.all([badge.badge(), loadLocales(badge.locales)])
        .then(([loaded]) => loaded)
        .catch(() => ({ default: () => null })),
    );
    components.set(badge, component);
  }
  return component;
}

function BadgeSlot({ badge }: { badge: NavbarBadge }) {
  // accounts without the badge's permission load nothing of it
  const can = usePermission();
  if (badge.perm && !can(badge.perm)) return null;
  const Badge = badgeComponent(badge);
  return (
    <Suspense fallback={null}>
      <Badge />
    </Suspense>
  );
}

/** The top bar's badges that the modules declare in their manifests (`navbar`), in module order. */
export function NavbarBadges() {
  const { badges } = useConsoleShape();
  return badges.map((badge, i) => <BadgeSlot key={i} badge={badge} />);
}
