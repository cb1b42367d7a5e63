import { defineWebModule } from '../../lib/web-module.ts';

const manifest = defineWebModule({
  name: 'products',
  menu: {
    zh: {
      ticType: '票种分类',
      good: '门票产品',
      scenicTicDetail: '编辑门票',
      productDetail: '门票详情',
    },
    en: {
      ticType: 'Ticket categories',
      good: 'Ticket products',
      scenicTicDetail: 'Edit ticket product',
      productDetail: 'Ticket product',
    },
  },
  locales: () => import('./products.locale.ts'),
  routes: [
    {
      path: '/ticket/ticType',
      title: 'ticType',
      perms: ['admin:ticType:page'],
      page: () => import('./tic-type-list.page.tsx'),
    },
    {
      path: '/ticket/good',
      title: 'good',
      perms: ['admin:ticket:page'],
      page: () => import('./product-list.page.tsx'),
    },
    {
      path: '/ticket/scenicTicDetail',
      title: 'scenicTicDetail',
      hidden: true,
      perms: ['admin:ticket:create', 'admin:ticket:update'],
      page: () => import('./product-edit.page.tsx'),
    },
    {
      path: '/ticket/productDetail',
      title: 'productDetail',
      hidden: true,
      perms: ['admin:ticket:page'],
      page: () => import('./product-detail.page.tsx'),
    },
  ],
});

export default manifest;

// its texts and menu titles join the console's types (src/web/locales/index.ts)
declare module '../../lib/web-module.ts' {
  interface ConsoleModules {
    products: typeof manifest;
  }
}
