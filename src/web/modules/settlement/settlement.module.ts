import { defineWebModule } from '../../app/web-module.ts';

export default defineWebModule({
  name: 'settlement',
  menu: {
    zh: { setMange: '结算管理', disorder: '分销订单' },
    en: { setMange: 'Settlement', disorder: 'Distribution orders' },
  },
  locales: () => import('./settlement.locale.ts'),
  routes: [
    {
      path: '/disManage/disorder',
      title: 'disorder',
      perms: ['admin:disorder:page'],
      page: () => import('./disorder-list.page.tsx'),
    },
    {
      path: '/disManage/setMange',
      title: 'setMange',
      perms: ['admin:setMange:page'],
      page: () => import('./settlement.page.tsx'),
    },
  ],
});
