import type { ComponentType } from 'react';
import type { Permission } from '../../shared/perms.ts';
import type { LocaleLoader, Messages } from '../locales/define.ts';

export type LazyPage = () => Promise<{ default: ComponentType }>;

/** One screen of a module: its route, menu entry, permissions and lazy page. */
export interface ModuleRoute<T extends string = string> {
  /** Absolute path (hash router). Its first segment is the menu group (src/web/app/menu-groups.ts). */
  path: string;
  /** Key of the module's `menu` texts: menu entry, tab and breadcrumb. */
  title: T;
  /** Any one of these opens the route (docs/product.md §6); none means any logged-in user. */
  perms?: readonly Permission[];
  /** A detail page that is routable but not in the menu. */
  hidden?: boolean;
  /** A tab that cannot be closed. */
  affix?: boolean;
  icon?: ComponentType;
  page: LazyPage;
}

/**
 * A badge a module puts in the top bar (the pending refunds, the shop orders to ship). It loads on
 * its own after the layout, with its texts: nothing of it reaches the login route, and a failed
 * load shows nothing.
 */
export interface NavbarBadge {
  /** Only accounts holding it load the badge; none means every account (the badge may check more). */
  perm?: Permission;
  badge: LazyPage;
  /** The texts the badge needs (a small namespace of its own, or its module's). */
  locales: LocaleLoader;
}

/**
 * A console module's manifest (`src/web/modules/<module>/<module>.module.ts`): its screens with
 * their menu titles, its texts, and what it adds to the top bar. The route table collects the
 * manifests listed in src/web/app/modules.ts; the texts load with the module's first screen, never
 * with the login route. The manifest also adds itself to `ConsoleModules` (below), as a type.
 */
export interface WebModule<T extends string = string, L extends LocaleLoader = LocaleLoader> {
  /** The module's name, the same as its server module and folder. */
  name: string;
  /** Menu, tab and breadcrumb titles of its routes: small, so they ship with the layout. */
  menu: Messages<T>;
  /** Its screens' texts (`<module>.locale.ts`). */
  locales: L;
  /** Menu order is the order of src/web/app/modules.ts, then of this list. */
  routes: readonly ModuleRoute<NoInfer<T>>[];
  /** Badges in the top bar, in the order of src/web/app/modules.ts. */
  navbar?: readonly NavbarBadge[];
}

export function defineWebModule<T extends string, L extends LocaleLoader>(module: WebModule<T, L>) {
  return module;
}

/**
 * Every console module's manifest by name, as a type only. Each manifest adds itself by
 * declaration merging:
 *
 * ```ts
 * declare module '../../lib/web-module.ts' {
 *   interface ConsoleModules {
 *     shop: typeof manifest;
 *   }
 * }
 * ```
 *
 * so the types of the console's texts and menu titles (src/web/locales/index.ts) cover every module
 * without importing the list of modules (src/web/app/modules.ts), which would tie every module to
 * every other in one cycle.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by the manifests
export interface ConsoleModules {}
