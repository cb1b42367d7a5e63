import { hasPermission, WILDCARD } from '../../shared/perms/define.ts';
import type { AppRoute } from './route-types.ts';

/**
 * docs/product.md §6: the wildcard grants every route; otherwise a route with a perms list stays only if the
 * user holds one of them, a parent stays only if a child remains, and a route without perms is open
 * to any logged-in user.
 */
export function filterRoutes(routes: readonly AppRoute[], permissions: readonly string[]): AppRoute[] {
  const all = permissions.includes(WILDCARD);
  return routes.flatMap((route) => {
    if (!all && route.perms?.length && !route.perms.some((p) => hasPermission(permissions, p))) return [];
    if (route.children) {
      const children = filterRoutes(route.children, permissions);
      return children.length ? [{ ...route, children }] : [];
    }
    return [route];
  });
}

/** Every route with a page, depth first (the routable screens). */
export function flattenRoutes(
  routes: readonly AppRoute[],
  parents: AppRoute[] = [],
): { route: AppRoute; parents: AppRoute[] }[] {
  return routes.flatMap((route) => [
    ...(route.page ? [{ route, parents }] : []),
    ...(route.children ? flattenRoutes(route.children, [...parents, route]) : []),
  ]);
}
