import { defineWebModule } from '../../lib/web-module.ts';

const manifest = defineWebModule({
  name: 'priceTiers',
  menu: {
    zh: { retailrole: '价格等级', buy: '分销购票' },
    en: { retailrole: 'Price tiers', buy: 'Buy tickets' },
  },
  locales: () => import('./price-tiers.locale.ts'),
  routes: [
    {
      path: '/disManage/retailrole',
      title: 'retailrole',
      perms: ['admin:retailRole:page'],
      page: () => import('./tier-list.page.tsx'),
    },
    {
      path: '/disManage/buy',
      title: 'buy',
      perms: ['admin:disBuy:create'],
      page: () => import('./dis-buy.page.tsx'),
    },
  ],
});

export default manifest;

// its texts and menu titles join the console's types (src/web/locales/index.ts)
declare module '../../lib/web-module.ts' {
  interface ConsoleModules {
    priceTiers: typeof manifest;
  }
}
