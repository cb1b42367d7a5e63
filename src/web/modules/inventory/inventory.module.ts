import { defineWebModule } from '../../lib/web-module.ts';

const manifest = defineWebModule({
  name: 'inventory',
  menu: {
    zh: {
      period: '公共库存',
      priceCalendar: '价格日历',
    },
    en: {
      period: 'Public stock',
      priceCalendar: 'Price calendar',
    },
  },
  locales: () => import('./inventory.locale.ts'),
  routes: [
    {
      path: '/scenic/period',
      title: 'period',
      perms: ['admin:period:page'],
      page: () => import('./period.page.tsx'),
    },
    {
      path: '/ticket/priceCalendar',
      title: 'priceCalendar',
      hidden: true,
      perms: ['admin:priceCalendar:page'],
      page: () => import('./price-calendar.page.tsx'),
    },
  ],
});

export default manifest;

// its texts and menu titles join the console's types (src/web/locales/index.ts)
declare module '../../lib/web-module.ts' {
  interface ConsoleModules {
    inventory: typeof manifest;
  }
}
