import {
  ApiOutlined,
  CalendarOutlined,
  EnvironmentOutlined,
  GiftOutlined,
  ShopOutlined,
  ShoppingOutlined,
  SettingOutlined,
  TagsOutlined,
  TeamOutlined,
  DesktopOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';
import { menuGroupTitles } from '../locales/menu-groups.ts';

export { menuGroupTitles };

/**
 * The sidebar's groups (docs/product.md §2). A module's route joins the group named by its path's
 * first segment (`/ticket/order` → ticket); a route of one segment (`/dashboard`) stands alone.
 */
export const MENU_GROUPS: readonly {
  path: string;
  title: keyof (typeof menuGroupTitles)['zh'];
  icon?: ComponentType;
  hidden?: boolean;
}[] = [
  { path: '/scenic', title: 'scenic', icon: EnvironmentOutlined },
  { path: '/ticket', title: 'ticket', icon: TagsOutlined },
  // spec §2 "/Make (hidden group)": in the menu only for accounts holding its permissions
  { path: '/Make', title: 'make', icon: CalendarOutlined },
  { path: '/user', title: 'user', icon: TeamOutlined },
  { path: '/promotion', title: 'promotion', icon: GiftOutlined },
  { path: '/disManage', title: 'disManage', icon: ShopOutlined },
  { path: '/ota', title: 'ota', icon: ApiOutlined },
  { path: '/shop', title: 'shop', icon: ShoppingOutlined },
  { path: '/terminal', title: 'terminal', icon: DesktopOutlined },
  { path: '/sys', title: 'sys', icon: SettingOutlined },
  { path: '/profile', title: 'profile', hidden: true },
];
