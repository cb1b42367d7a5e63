import { defineWebModule } from '../../lib/web-module.ts';

const manifest = defineWebModule({
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

export default manifest;

// its texts and menu titles join the console's types (src/web/locales/index.ts)
declare module '../../lib/web-module.ts' {
  interface ConsoleModules {
    travel: typeof manifest;
  }
}
