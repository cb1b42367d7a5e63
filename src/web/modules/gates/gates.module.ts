import { defineWebModule } from '../../lib/web-module.ts';

const manifest = defineWebModule({
  name: 'gates',
  menu: {
    zh: { gateManage: '闸机管理' },
    en: { gateManage: 'Gates' },
  },
  locales: () => import('./gates.locale.ts'),
  routes: [
    {
      path: '/terminal/gateManage',
      title: 'gateManage',
      perms: ['admin:gate:page'],
      page: () => import('./gate-list.page.tsx'),
    },
  ],
});

export default manifest;

// its texts and menu titles join the console's types (src/web/locales/index.ts)
declare module '../../lib/web-module.ts' {
  interface ConsoleModules {
    gates: typeof manifest;
  }
}
