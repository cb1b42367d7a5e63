import { defineWebModule } from '../../app/web-module.ts';

export default defineWebModule({
  name: 'shop',
  menu: {
    zh: { goodType: '商品分类', good: '商品管理', goodQuery: '商品编辑' },
    en: { goodType: 'Goods categories', good: 'Goods', goodQuery: 'Edit goods' },
  },
  locales: () => import('./shop.locale.ts'),
  routes: [
    {
      path: '/shop/goodType',
      title: 'goodType',
      perms: ['shop:goodType:page'],
      page: () => import('./good-type.page.tsx'),
    },
    {
      path: '/shop/good',
      title: 'good',
      perms: ['shop:good:page'],
      page: () => import('./good-list.page.tsx'),
    },
    {
      path: '/shop/goodQuery',
      title: 'goodQuery',
      perms: ['shop:good:page'],
      hidden: true,
      page: () => import('./good-query.page.tsx'),
    },
  ],
});
