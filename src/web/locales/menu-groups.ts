import { defineMessages } from './define.ts';

/** The titles of the sidebar's groups (src/web/app/menu-groups.ts), in the `menu` namespace. */
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
