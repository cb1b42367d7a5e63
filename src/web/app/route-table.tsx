import { EnvironmentOutlined, HomeOutlined, SettingOutlined, TagsOutlined } from '@ant-design/icons';
import type { AppRoute } from './route-types.ts';

/** Spec §2: the dashboard, which account type 4 (shop) does not get. */
export const DASHBOARD_PATH = '/dashboard';
/** Spec §2: where account type 4 lands. */
export const SHOP_HOME_PATH = '/shop/good';

/**
 * The console's one route table (spec §2). A screen is added here with its menu title key, icon,
 * permissions and lazy page, and only once it works.
 */
export const ROUTES: AppRoute[] = [
  {
    path: DASHBOARD_PATH,
    title: 'dashboard',
    icon: HomeOutlined,
    affix: true,
    page: () => import('../modules/dashboard/dashboard.page.tsx'),
  },
  {
    path: '/scenic',
    title: 'scenic',
    icon: EnvironmentOutlined,
    children: [
      {
        path: '/scenic/sceManage',
        title: 'sceManage',
        perms: ['admin:scenic:page'],
        page: () => import('../modules/scenic/scenic-list.page.tsx'),
      },
      // routes: /scenic/period
    ],
  },
  {
    path: '/ticket',
    title: 'ticket',
    icon: TagsOutlined,
    children: [
      // routes: ticType, good, scenicTicDetail, productDetail
      // routes: priceCalendar
      // routes: theatreManage, seatsManage, theaterTicDetail
      // routes: entryCode
      // routes: explainrule, instructions, instructionsDetailPage
      // routes: printerModule, printer
    ],
  },
  {
    path: '/sys',
    title: 'sys',
    icon: SettingOutlined,
    children: [
      {
        path: '/sys/admin',
        title: 'admin',
        perms: ['admin:admin:page'],
        page: () => import('../modules/sys/admin-list.page.tsx'),
      },
      {
        path: '/sys/role',
        title: 'role',
        perms: ['admin:role:page'],
        page: () => import('../modules/sys/role-list.page.tsx'),
      },
      {
        path: '/sys/oauth',
        title: 'oauth',
        perms: ['admin:oauth:page'],
        page: () => import('../modules/oauth/oauth-list.page.tsx'),
      },
      {
        path: '/sys/setting',
        title: 'setting',
        perms: ['admin:setting:query'],
        page: () => import('../modules/sys/setting.page.tsx'),
      },
      {
        path: '/sys/auditLog',
        title: 'auditLog',
        perms: ['admin:audit:page'],
        page: () => import('../modules/logs/audit-log.page.tsx'),
      },
      {
        path: '/sys/loginLog',
        title: 'loginLog',
        perms: ['admin:loginLog:page'],
        page: () => import('../modules/logs/login-log.page.tsx'),
      },
    ],
  },
  {
    path: '/profile',
    title: 'profile',
    hidden: true,
    children: [
      {
        path: '/profile/password',
        title: 'password',
        hidden: true,
        page: () => import('../modules/profile/password.page.tsx'),
      },
    ],
  },
];
