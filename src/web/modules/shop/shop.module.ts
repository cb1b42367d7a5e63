import { defineWebModule } from '../../app/web-module.ts';

export default defineWebModule({
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
    },
    en: {
      shopGoodType: 'Goods categories',
      shopGood: 'Goods',
      shopGoodQuery: 'Edit goods',
      shopServeModel: 'Service templates',
      shopGoodServe: 'Goods services',
      shopCarousel: 'Banners',
      shopHomeModule: 'Home modules',
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
  ],
});
