import { defineWebModule } from '../../lib/web-module.ts';

const manifest = defineWebModule({
  name: 'staffCards',
  menu: {
    zh: {
      entryCode: '员工卡',
    },
    en: {
      entryCode: 'Staff cards',
    },
  },
  locales: () => import('./staff-cards.locale.ts'),
  routes: [
    {
      path: '/ticket/entryCode',
      title: 'entryCode',
      perms: ['admin:entryCode:page'],
      page: () => import('./staff-card-list.page.tsx'),
    },
  ],
});

export default manifest;

// its texts and menu titles join the console's types (src/web/locales/index.ts)
declare module '../../lib/web-module.ts' {
  interface ConsoleModules {
    staffCards: typeof manifest;
  }
}
