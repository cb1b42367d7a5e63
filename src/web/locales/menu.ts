import { defineMessages } from './define.ts';

/** Titles of the route table: menu, tabs and breadcrumbs. */
export const menu = defineMessages({
  zh: {
    dashboard: '首页',
    scenic: '景区管理',
    sceManage: '景区列表',
    profile: '个人中心',
    password: '修改密码',
    sys: '系统管理',
    auditLog: '操作日志',
    loginLog: '登录日志',
    oauth: '客户端管理',
    admin: '账号管理',
    role: '角色管理',
    setting: '景区设置',
  },
  en: {
    dashboard: 'Dashboard',
    scenic: 'Scenic areas',
    sceManage: 'Scenic area list',
    profile: 'Profile',
    password: 'Change password',
    sys: 'System',
    auditLog: 'Audit log',
    loginLog: 'Login log',
    oauth: 'OAuth clients',
    admin: 'Accounts',
    role: 'Roles',
    setting: 'Scenic-area settings',
  },
});
