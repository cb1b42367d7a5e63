import { EnvironmentOutlined, HomeOutlined } from '@ant-design/icons';
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
