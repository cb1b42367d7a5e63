import { defineWebModule } from '../../lib/web-module.ts';

const manifest = defineWebModule({
  name: 'shop',
  menu: {
    zh: {
      shopGoodType: '商品分类',
      shopGood: '商品管理',
      shopGoodQuery: '商品编辑',
      shopServeModel: '服务模板',
      shopGoodServe: '商品服务',
      shopCarousel: '轮播图',
      shopHomeModule: '首页模块',
      shopSalesStatistics: '销售统计',
      shopAccountManage: '商城账号',
      shopStoreInvoiceSet: '开票设置',
      shopOrder: '商城订单',
      shopOrderQuery: '订单详情',
      shopAftersale: '售后管理',
    },
    en: {
      shopGoodType: 'Goods categories',
      shopGood: 'Goods',
      shopGoodQuery: 'Edit goods',
      shopServeModel: 'Service templates',
      shopGoodServe: 'Goods services',
      shopCarousel: 'Banners',
      shopHomeModule: 'Home modules',
      shopSalesStatistics: 'Sales statistics',
      shopAccountManage: 'Shop accounts',
      shopStoreInvoiceSet: 'Invoice settings',
      shopOrder: 'Shop orders',
      shopOrderQuery: 'Order details',
      shopAftersale: 'After-sales',
    },
  },
  locales: () => import('./shop.locale.ts'),
  // the top bar's count of shop orders to ship (GET /order/countShipOrder), with a tiny namespace of
  // its own so that it does not download the texts of the whole shop
  navbar: [
    {
      perm: 'shop:order:page',
      badge: () => import('./pending-ship-badge.tsx'),
      locales: () => import('./ship-badge.locale.ts'),
    },
  ],
  // docs/product.md §2's order of /shop
  routes: [
    {
      path: '/shop/accountManage',
      title: 'shopAccountManage',
      perms: ['shop:account:page'],
      hidden: true,
      page: () => import('./account-manage.page.tsx'),
    },
    {
      path: '/shop/storeInvoiceSet',
      title: 'shopStoreInvoiceSet',
      perms: ['shop:invoiceSet:page'],
      hidden: true,
      page: () => import('./store-invoice-set.page.tsx'),
    },
    {
      path: '/shop/carousel',
      title: 'shopCarousel',
      perms: ['shop:carousel:page'],
      page: () => import('./carousel.page.tsx'),
    },
    {
      path: '/shop/homeModule',
      title: 'shopHomeModule',
      perms: ['shop:homeModule:page'],
      page: () => import('./home-module.page.tsx'),
    },
    {
      path: '/shop/serveModel',
      title: 'shopServeModel',
      perms: ['shop:serveModel:page'],
      page: () => import('./serve-model.page.tsx'),
    },
    {
      path: '/shop/goodServe',
      title: 'shopGoodServe',
      perms: ['shop:goodServe:page'],
      page: () => import('./good-serve.page.tsx'),
    },
    {
      path: '/shop/goodType',
      title: 'shopGoodType',
      perms: ['shop:goodType:page'],
      page: () => import('./good-type.page.tsx'),
    },
    {
      path: '/shop/good',
      title: 'shopGood',
      perms: ['shop:good:page'],
      page: () => import('./good-list.page.tsx'),
    },
    {
      path: '/shop/goodQuery',
      title: 'shopGoodQuery',
      perms: ['shop:good:page'],
      hidden: true,
      page: () => import('./good-query.page.tsx'),
    },
    {
      path: '/shop/aftersale',
      title: 'shopAftersale',
      perms: ['shop:aftersale:page'],
      page: () => import('./aftersale-list.page.tsx'),
    },
    {
      path: '/shop/shopOrder',
      title: 'shopOrder',
      perms: ['shop:order:page'],
      page: () => import('./shop-order-list.page.tsx'),
    },
    {
      path: '/shop/orderQuery',
      title: 'shopOrderQuery',
      perms: ['shop:order:page'],
      hidden: true,
      page: () => import('./shop-order-query.page.tsx'),
    },
    {
      path: '/shop/salesStatistics',
      title: 'shopSalesStatistics',
      perms: ['shop:statistics:page'],
      page: () => import('./sales-statistics.page.tsx'),
    },
  ],
});

export default manifest;

// its texts and menu titles join the console's types (src/web/locales/index.ts)
declare module '../../lib/web-module.ts' {
  interface ConsoleModules {
    shop: typeof manifest;
  }
}
