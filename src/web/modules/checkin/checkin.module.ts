import { defineWebModule } from '../../lib/web-module.ts';

const manifest = defineWebModule({
  name: 'checkin',
  menu: {
    zh: {
      visitors: '出入园记录',
    },
    en: {
      visitors: 'Entry/exit log',
    },
  },
  locales: () => import('./checkin.locale.ts'),
  routes: [
    {
      path: '/ticket/visitors',
      title: 'visitors',
      perms: ['admin:gardenLog:page'],
      page: () => import('./garden-log.page.tsx'),
    },
  ],
});

export default manifest;

// its texts and menu titles join the console's types (src/web/locales/index.ts)
declare module '../../lib/web-module.ts' {
  interface ConsoleModules {
    checkin: typeof manifest;
  }
}
