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
      {
        path: '/scenic/period',
        title: 'period',
        perms: ['admin:period:page'],
        page: () => import('../modules/inventory/period.page.tsx'),
      },
    ],
  },
  {
    path: '/ticket',
    title: 'ticket',
    icon: TagsOutlined,
    children: [
      {
        path: '/ticket/order',
        title: 'order',
        perms: ['admin:order:page'],
        page: () => import('../modules/orders/order-list.page.tsx'),
      },
      {
        path: '/ticket/detailPage',
        title: 'detailPage',
        hidden: true,
        perms: ['admin:order:page'],
        page: () => import('../modules/orders/order-detail.page.tsx'),
      },
      {
        path: '/ticket/disOrderPage',
        title: 'disOrderPage',
        hidden: true,
        perms: ['admin:order:page'],
        page: () => import('../modules/orders/dis-order.page.tsx'),
      },
      {
        path: '/ticket/refundTicCheck',
        title: 'refundTicCheck',
        perms: ['admin:refundApply:page'],
        page: () => import('../modules/refunds/refund-apply-list.page.tsx'),
      },
      {
        path: '/ticket/refTicCheDet',
        title: 'refTicCheDet',
        hidden: true,
        perms: ['admin:refundApply:page'],
        page: () => import('../modules/refunds/refund-apply-detail.page.tsx'),
      },
      {
        path: '/ticket/visitors',
        title: 'visitors',
        perms: ['admin:gardenLog:page'],
        page: () => import('../modules/checkin/garden-log.page.tsx'),
      },
      {
        path: '/ticket/ticType',
        title: 'ticType',
        perms: ['admin:ticType:page'],
        page: () => import('../modules/products/tic-type-list.page.tsx'),
      },
      {
        path: '/ticket/good',
        title: 'good',
        perms: ['admin:ticket:page'],
        page: () => import('../modules/products/product-list.page.tsx'),
      },
      {
        path: '/ticket/scenicTicDetail',
        title: 'scenicTicDetail',
        hidden: true,
        perms: ['admin:ticket:create', 'admin:ticket:update'],
        page: () => import('../modules/products/product-edit.page.tsx'),
      },
      {
        path: '/ticket/productDetail',
        title: 'productDetail',
        hidden: true,
        perms: ['admin:ticket:page'],
        page: () => import('../modules/products/product-detail.page.tsx'),
      },
      {
        path: '/ticket/priceCalendar',
        title: 'priceCalendar',
        hidden: true,
        perms: ['admin:priceCalendar:page'],
        page: () => import('../modules/inventory/price-calendar.page.tsx'),
      },
      {
        path: '/ticket/theatreManage',
        title: 'theatreManage',
        hidden: true,
        perms: ['admin:theatre:page'],
        page: () => import('../modules/theatres/theatre-list.page.tsx'),
      },
      {
        path: '/ticket/seatsManage',
        title: 'seatsManage',
        hidden: true,
        perms: ['admin:theatre:page'],
        page: () => import('../modules/theatres/seat-map-editor.page.tsx'),
      },
      {
        path: '/ticket/theaterTicDetail',
        title: 'theaterTicDetail',
        hidden: true,
        perms: ['admin:theatre:page'],
        page: () => import('../modules/theatres/theatre-shows.page.tsx'),
      },
      {
        path: '/ticket/entryCode',
        title: 'entryCode',
        perms: ['admin:entryCode:page'],
        page: () => import('../modules/staff-cards/staff-card-list.page.tsx'),
      },
      {
        path: '/ticket/explainrule',
        title: 'explainrule',
        perms: ['admin:explainRule:page'],
        page: () => import('../modules/notices/explainrule.page.tsx'),
      },
      {
        path: '/ticket/instructions',
        title: 'instructions',
        perms: ['admin:instructions:page'],
        page: () => import('../modules/notices/instructions.page.tsx'),
      },
      {
        path: '/ticket/instructionsDetailPage',
        title: 'instructionsDetailPage',
        perms: ['admin:instructions:page'],
        hidden: true,
        page: () => import('../modules/notices/instructions-detail.page.tsx'),
      },
      {
        path: '/ticket/printerModule',
        title: 'printerModule',
        perms: ['admin:printer:page'],
        page: () => import('../modules/print-templates/print-template-list.page.tsx'),
      },
      {
        path: '/ticket/printer',
        title: 'printer',
        hidden: true,
        perms: ['admin:printer:page'],
        page: () => import('../modules/print-templates/print-designer.page.tsx'),
      },
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
        page: () => import('../modules/accounts/admin-list.page.tsx'),
      },
      {
        path: '/sys/role',
        title: 'role',
        perms: ['admin:role:page'],
        page: () => import('../modules/roles/role-list.page.tsx'),
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
        page: () => import('../modules/settings/setting.page.tsx'),
      },
      {
        path: '/sys/auditLog',
        title: 'auditLog',
        perms: ['admin:audit:page'],
        page: () => import('../modules/audit/audit-log.page.tsx'),
      },
      {
        path: '/sys/loginLog',
        title: 'loginLog',
        perms: ['admin:loginLog:page'],
        page: () => import('../modules/audit/login-log.page.tsx'),
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
