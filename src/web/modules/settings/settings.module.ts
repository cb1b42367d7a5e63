import { defineWebModule } from '../../lib/web-module.ts';

const manifest = defineWebModule({
  name: 'settings',
  menu: {
    zh: {
      setting: '景区设置',
    },
    en: {
      setting: 'Scenic-area settings',
    },
  },
  locales: () => import('./settings.locale.ts'),
  routes: [
    {
      path: '/sys/setting',
      title: 'setting',
      perms: ['admin:setting:query'],
      page: () => import('./setting.page.tsx'),
    },
  ],
});

export default manifest;

// its texts and menu titles join the console's types (src/web/locales/index.ts)
declare module '../../lib/web-module.ts' {
  interface ConsoleModules {
    settings: typeof manifest;
  }
}
