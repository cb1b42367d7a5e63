import { defineMessages } from './define.ts';

/** Titles of the route table: menu, tabs and breadcrumbs. */
export const menu = defineMessages({
  zh: {
    dashboard: '首页',
    scenic: '景区管理',
    sceManage: '景区列表',
    profile: '个人中心',
    password: '修改密码',
  },
  en: {
    dashboard: 'Dashboard',
    scenic: 'Scenic areas',
    sceManage: 'Scenic area list',
    profile: 'Profile',
    password: 'Change password',
  },
});
