import { defineWebModule } from '../../lib/web-module.ts';

const manifest = defineWebModule({
  name: 'withdrawals',
  menu: {
    zh: { haul: '提现管理' },
    en: { haul: 'Withdrawals' },
  },
  locales: () => import('./withdrawals.locale.ts'),
  routes: [
    {
      path: '/disManage/haul',
      title: 'haul',
      perms: ['admin:haul:page'],
      page: () => import('./withdrawal-list.page.tsx'),
    },
  ],
});

export default manifest;

// its texts and menu titles join the console's types (src/web/locales/index.ts)
declare module '../../lib/web-module.ts' {
  interface ConsoleModules {
    withdrawals: typeof manifest;
  }
}
