import { i18n, loadLocales } from '../lib/i18n.ts';
import { MENU_GROUPS, menuGroupTitles } from './menu-groups.ts';
import { WEB_MODULES } from './modules.ts';
import type { ConsoleShape } from '../lib/console-shape.ts';
import type { AppRoute } from '../lib/routes.ts';
import type { LazyPage, WebModule } from '../lib/web-module.ts';
import type { LocaleLoader } from '../locales/define.ts';
import type { MenuTitle } from '../locales/index.ts';

/** The list page's texts, which every module's list screens use. */
const sharedLocales: LocaleLoader = () => import('../components/list-page/list-page.locale.ts');

/** A route's page, loaded together with its module's texts so a screen never renders without them. */
function withTexts(page: LazyPage, module: WebModule): LazyPage {
  return () =>
    Promise.all([page(), loadLocales(module.locales), loadLocales(sharedLocales)]).then(([p]) => p);
}

/**
 * The console's route table (docs/product.md §2), assembled from the modules' manifests: each
 * route joins the menu group of its first path segment, in the order of src/web/app/modules.ts.
 * The sidebar, tabs, breadcrumbs and permission filter all read it.
 */
function assemble(modules: readonly WebModule[]): AppRoute[] {
  const groups = new Map(MENU_GROUPS.map((g) => [g.path, { ...g, children: [] as AppRoute[] }]));
  const table: AppRoute[] = [];
  for (const module of modules)
    for (const { page, ...route } of module.routes) {
      const entry: AppRoute = { ...route, title: route.title as MenuTitle, page: withTexts(page, module) };
      const second = route.path.indexOf('/', 1);
      const group = second > 0 ? groups.get(route.path.slice(0, second)) : undefined;
      if (group) group.children.push(entry);
      else table.push(entry);
    }
  return [...table, ...[...groups.values()].filter((g) => g.children.length)];
}

export const ROUTES: AppRoute[] = assemble(WEB_MODULES as readonly WebModule[]);

/** What the layout gets from the modules (app/console-layout.tsx passes it down). */
export const CONSOLE_SHAPE: ConsoleShape = {
  routes: ROUTES,
  badges: (WEB_MODULES as readonly WebModule[]).flatMap((m) => m.navbar ?? []),
};

// Menu, tab and breadcrumb titles: the groups' and every module's, in the `menu` namespace.
for (const lang of ['zh', 'en'] as const)
  i18n.addResourceBundle(
    lang,
    'menu',
    Object.assign({ ...menuGroupTitles[lang] }, ...WEB_MODULES.map((m) => m.menu[lang])),
    true,
    true,
  );
