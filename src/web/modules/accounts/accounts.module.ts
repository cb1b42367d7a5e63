import { defineWebModule } from '../../lib/web-module.ts';

const manifest = defineWebModule({
  name: 'accounts',
  menu: {
    zh: {
      admin: '账号管理',
    },
    en: {
      admin: 'Accounts',
    },
  },
  locales: () => import('./accounts.locale.ts'),
  routes: [
    {
      path: '/sys/admin',
      title: 'admin',
      perms: ['admin:admin:page'],
      page: () => import('./admin-list.page.tsx'),
    },
  ],
});

export default manifest;

// its texts and menu titles join the console's types (src/web/locales/index.ts)
declare module '../../lib/web-module.ts' {
  interface ConsoleModules {
    accounts: typeof manifest;
  }
}
