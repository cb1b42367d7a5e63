import type { ComponentType } from 'react';
import type { Permission } from '../../shared/perms.ts';
import type { menu } from '../locales/menu.ts';

export type MenuTitle = keyof (typeof menu)['zh'];
export type LazyPage = () => Promise<{ default: ComponentType }>;

/** One entry of the console's route table: menu, tabs, breadcrumbs and permissions all read it. */
export interface AppRoute {
  /** Absolute path (hash router). */
  path: string;
  title?: MenuTitle;
  icon?: ComponentType;
  /** Any one of these opens the route (spec §6); none means any logged-in user. */
  perms?: readonly Permission[];
  /** A detail page that is routable but not in the menu. */
  hidden?: boolean;
  /** A tab that cannot be closed. */
  affix?: boolean;
  page?: LazyPage;
  children?: AppRoute[];
}
