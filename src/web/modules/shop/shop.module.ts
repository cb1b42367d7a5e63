import { defineWebModule } from '../../app/web-module.ts';

export default defineWebModule({
  name: 'shop',
  menu: {
    zh: {
      shopGoodType: '商品分类',
      shopGood: '商品管理',
      shopGoodQuery: '商品编辑',
      shopOrder: '商城订单',
      shopOrderQuery: '订单详情',
      shopAftersale: '售后管理',
    },
    en: {
      shopGoodType: 'Goods categories',
      shopGood: 'Goods',
      shopGoodQuery: 'Edit goods',
      shopOrder: 'Shop orders',
      shopOrderQuery: 'Order details',
      shopAftersale: 'After-sales',
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
      path: '/shop/aftersale',
      title: 'shopAftersale',
      perms: ['shop:aftersale:page'],
      page: () => import('./aftersale-list.page.tsx'),
    },
  ],
});
