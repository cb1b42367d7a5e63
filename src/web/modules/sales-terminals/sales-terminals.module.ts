import { defineWebModule } from '../../lib/web-module.ts';

/** The carousel screen of one machine, opened from a machine's row (`?id=` the machine). */
export const MACHINE_CAROUSEL_PATH = '/terminal/autoSellTicketMange';

const manifest = defineWebModule({
  name: 'salesTerminals',
  menu: {
    zh: {
      windManage: '售票窗口管理',
      autoSellTerMange: '自助售票机管理',
      autoSellTicketMange: '自助机轮播图',
    },
    en: {
      windManage: 'Ticket windows',
      autoSellTerMange: 'Self-service machines',
      autoSellTicketMange: 'Machine carousel',
    },
  },
  locales: () => import('./sales-terminals.locale.ts'),
  routes: [
    {
      path: '/terminal/windManage',
      title: 'windManage',
      perms: ['admin:window:page'],
      page: () => import('./window-list.page.tsx'),
    },
    {
      path: '/terminal/autoSellTerMange',
      title: 'autoSellTerMange',
      perms: ['admin:autoSell:page'],
      page: () => import('./machine-list.page.tsx'),
    },
    {
      path: MACHINE_CAROUSEL_PATH,
      title: 'autoSellTicketMange',
      perms: ['admin:autoSell:page'],
      hidden: true,
      page: () => import('./machine-carousel.page.tsx'),
    },
  ],
});

export default manifest;

// its texts and menu titles join the console's types (src/web/locales/index.ts)
declare module '../../lib/web-module.ts' {
  interface ConsoleModules {
    salesTerminals: typeof manifest;
  }
}
