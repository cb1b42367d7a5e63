import { defineWebModule } from '../../lib/web-module.ts';

const manifest = defineWebModule({
  name: 'orders',
  menu: {
    zh: {
      order: '订单管理',
      detailPage: '订单详情',
      disOrderPage: '分销订单详情',
    },
    en: {
      order: 'Orders',
      detailPage: 'Order',
      disOrderPage: 'Distribution order',
    },
  },
  locales: () => import('./orders.locale.ts'),
  routes: [
    {
      path: '/ticket/order',
      title: 'order',
      perms: ['admin:order:page'],
      page: () => import('./order-list.page.tsx'),
    },
    {
      path: '/ticket/detailPage',
      title: 'detailPage',
      hidden: true,
      perms: ['admin:order:page'],
      page: () => import('./order-detail.page.tsx'),
    },
    {
      path: '/ticket/disOrderPage',
      title: 'disOrderPage',
      hidden: true,
      perms: ['admin:order:page'],
      page: () => import('./dis-order.page.tsx'),
    },
    {
      // the same page in the distributor menu group (docs/product.md §2 /disManage)
      path: '/disManage/disOrderPage',
      title: 'disOrderPage',
      hidden: true,
      perms: ['admin:order:page'],
      page: () => import('./dis-order.page.tsx'),
    },
  ],
});

export default manifest;

// its texts and menu titles join the console's types (src/web/locales/index.ts)
declare module '../../lib/web-module.ts' {
  interface ConsoleModules {
    orders: typeof manifest;
  }
}
