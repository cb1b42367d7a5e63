import {
  ApiOutlined,
  BarChartOutlined,
  CreditCardOutlined,
  CalendarOutlined,
  CompassOutlined,
  EnvironmentOutlined,
  FileTextOutlined,
  GiftOutlined,
  ShopOutlined,
  ShoppingOutlined,
  SettingOutlined,
  TagsOutlined,
  TeamOutlined,
  DesktopOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';
import { MODULE_GROUP_NAMES, MODULE_GROUPS, type ModuleGroupName } from '../../shared/module-groups.ts';
import { menuGroupTitles, type MenuGroupTitle } from '../locales/menu-groups.ts';

export { menuGroupTitles };

const ICONS: Record<ModuleGroupName, ComponentType> = {
  scenic: EnvironmentOutlined,
  ticket: TagsOutlined,
  make: CalendarOutlined,
  user: TeamOutlined,
  promotion: GiftOutlined,
  distribution: ShopOutlined,
  ota: ApiOutlined,
  vipCard: CreditCardOutlined,
  shop: ShoppingOutlined,
  invoice: FileTextOutlined,
  terminal: DesktopOutlined,
  statAnalyse: BarChartOutlined,
  mapGuide: CompassOutlined,
  sys: SettingOutlined,
};

/**
 * The sidebar's groups (docs/product.md §2): the module groups of src/shared/module-groups.ts, in
 * their order, then the hidden profile group. A module's route joins the group named by its path's
 * first segment (`/ticket/order` → ticket); a route of one segment (`/dashboard`) stands alone.
 */
export const MENU_GROUPS: readonly {
  path: string;
  title: MenuGroupTitle;
  icon?: ComponentType;
  hidden?: boolean;
}[] = [
  ...MODULE_GROUP_NAMES.map((name) => ({ path: MODULE_GROUPS[name].path, title: name, icon: ICONS[name] })),
  { path: '/profile', title: 'profile', hidden: true },
];
