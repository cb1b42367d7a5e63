import { useMemo } from 'react';
import { ADM_TYPE } from '../../shared/dict/account.ts';
import { useConsoleShape } from '../lib/console-shape.ts';
import { DASHBOARD_PATH, filterRoutes, flattenRoutes, SHOP_HOME_PATH, type AppRoute } from '../lib/routes.ts';
import { consoleAuthorities, useUser } from '../lib/session.ts';

export interface PermittedRoutes {
  /** The route tree the user may open (docs/product.md §6), without the dashboard for account type 4. */
  tree: AppRoute[];
  /** Every permitted page with its parents, for matching, breadcrumbs and tabs. */
  pages: { route: AppRoute; parents: AppRoute[] }[];
  /** Where `/` leads (docs/product.md §2: type 4 → /shop/good, others → the dashboard). */
  home: string | null;
}

export function usePermittedRoutes(): PermittedRoutes {
  const user = useUser();
  const { routes } = useConsoleShape();
  return useMemo(() => {
    const shop = user?.admType === ADM_TYPE.shop;
    const permitted = filterRoutes(routes, user ? consoleAuthorities(user) : []);
    const tree = shop ? permitted.filter((r) => r.path !== DASHBOARD_PATH) : permitted;
    const pages = flattenRoutes(tree);
    const visible = pages.filter(({ route }) => !route.hidden);
    const preferred = shop ? SHOP_HOME_PATH : DASHBOARD_PATH;
    const home = pages.some(({ route }) => route.path === preferred)
      ? preferred
      : (visible[0]?.route.path ?? null);
    return { tree, pages, home };
  }, [user, routes]);
}

/** True when the path is a screen of the console at all (so a refusal is 401, not 404). */
export function isKnownPath(routes: readonly AppRoute[], path: string): boolean {
  return flattenRoutes(routes).some(({ route }) => route.path === path);
}
