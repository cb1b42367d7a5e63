import { defineWebModule } from '../../app/web-module.ts';

export default defineWebModule({
  name: 'travel',
  menu: {
    zh: { travelList: '旅游线路', travelOrderList: '线路订单' },
    en: { travelList: 'Travel packages', travelOrderList: 'Travel orders' },
  },
  locales: () => import('./travel.locale.ts'),
  routes: [
    {
      path: '/scenic/travelList',
      title: 'travelList',
      perms: ['admin:travel:page'],
      page: () => import('./travel-list.page.tsx'),
    },
    {
      path: '/scenic/travelOrderList',
      title: 'travelOrderList',
      perms: ['admin:travelOrder:page'],
      page: () => import('./travel-order-list.page.tsx'),
    },
  ],
});
