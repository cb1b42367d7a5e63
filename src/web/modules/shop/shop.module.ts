import { defineWebModule } from '../../app/web-module.ts';

export default defineWebModule({
  name: 'shop',
  menu: {
    zh: {
      shopGoodType: '商品分类',
      shopGood: '商品管理',
      shopGoodQuery: '商品编辑',
      shopSalesStatistics: '销售统计',
      shopAccountManage: '商城账号',
      shopStoreInvoiceSet: '开票设置',
    },
    en: {
      shopGoodType: 'Goods categories',
      shopGood: 'Goods',
      shopGoodQuery: 'Edit goods',
      shopSalesStatistics: 'Sales statistics',
      shopAccountManage: 'Shop accounts',
      shopStoreInvoiceSet: 'Invoice settings',
    },
  },
  locales: () => import('./shop.locale.ts'),
  routes: [
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
      path: '/shop/salesStatistics',
      title: 'shopSalesStatistics',
      perms: ['shop:statistics:page'],
      page: () => import('./sales-statistics.page.tsx'),
    },
    {
      path: '/shop/storeInvoiceSet',
      title: 'shopStoreInvoiceSet',
      perms: ['shop:invoiceSet:page'],
      hidden: true,
      page: () => import('./store-invoice-set.page.tsx'),
    },
    {
      path: '/shop/accountManage',
      title: 'shopAccountManage',
      perms: ['shop:account:page'],
      hidden: true,
      page: () => import('./account-manage.page.tsx'),
    },
  ],
});
