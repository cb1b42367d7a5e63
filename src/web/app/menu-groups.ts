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
import { defineMessages } from '../locales/define.ts';

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

export const menuGroupTitles = defineMessages({
  zh: {
    scenic: '景区管理',
    ticket: '票务管理',
    make: '预约管理',
    user: '会员管理',
    promotion: '营销管理',
    disManage: '分销管理',
    ota: 'OTA管理',
    shop: '商城管理',
    terminal: '终端管理',
    sys: '系统管理',
    profile: '个人中心',
  },
  en: {
    scenic: 'Scenic areas',
    ticket: 'Tickets',
    make: 'Reservations',
    user: 'Members',
    promotion: 'Promotions',
    disManage: 'Distribution',
    ota: 'OTA',
    shop: 'Online shop',
    terminal: 'Terminals',
    sys: 'System',
    profile: 'Profile',
  },
});
