import { hasPermission, WILDCARD } from '../../shared/perms/define.ts';
import type { ComponentType } from 'react';
import type { Permission } from '../../shared/perms.ts';
import type { MenuTitle } from '../locales/index.ts';
import type { LazyPage } from './web-module.ts';

/** docs/product.md §2: the dashboard, which account type 4 (shop) does not get. */
export const DASHBOARD_PATH = '/dashboard';
/** docs/product.md §2: where account type 4 lands. */
export const SHOP_HOME_PATH = '/shop/good';

/** One entry of the console's route table: menu, tabs, breadcrumbs and permissions all read it. */
export interface AppRoute {
  /** Absolute path (hash router). */
  path: string;
  title?: MenuTitle;
  icon?: ComponentType;
  /** Any one of these opens the route (docs/product.md §6); none means any logged-in user. */
  perms?: readonly Permission[];
  /** A detail page that is routable but not in the menu. */
  hidden?: boolean;
  /** A tab that cannot be closed. */
  affix?: boolean;
  page?: LazyPage;
  children?: AppRoute[];
}

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
