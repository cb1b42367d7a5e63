import { defineWebModule } from '../../lib/web-module.ts';

const manifest = defineWebModule({
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

export default manifest;

// its texts and menu titles join the console's types (src/web/locales/index.ts)
declare module '../../lib/web-module.ts' {
  interface ConsoleModules {
    settlement: typeof manifest;
  }
}
