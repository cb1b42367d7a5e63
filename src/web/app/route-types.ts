import type { ComponentType } from 'react';
import type { Permission } from '../../shared/perms.ts';
import type { menuGroupTitles } from './menu-groups.ts';
import type { WEB_MODULES } from './modules.ts';

import type { LazyPage } from './web-module.ts';

export type { LazyPage };

type TitlesOf<M> = M extends { menu: { zh: infer Z } } ? keyof Z & string : never;

/** The title keys of the sidebar's groups and of every module's routes (the `menu` namespace). */
export type MenuTitle = keyof (typeof menuGroupTitles)['zh'] | TitlesOf<(typeof WEB_MODULES)[number]>;

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
