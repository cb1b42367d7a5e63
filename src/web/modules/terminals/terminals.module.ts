import { defineWebModule } from '../../lib/web-module.ts';

const manifest = defineWebModule({
  name: 'terminals',
  menu: {
    zh: { terminalList: '终端列表' },
    en: { terminalList: 'Terminal list' },
  },
  locales: () => import('./terminals.locale.ts'),
  routes: [
    {
      path: '/terminal/terminal',
      title: 'terminalList',
      perms: ['admin:terminal:page'],
      page: () => import('./terminal-list.page.tsx'),
    },
  ],
});

export default manifest;

// its texts and menu titles join the console's types (src/web/locales/index.ts)
declare module '../../lib/web-module.ts' {
  interface ConsoleModules {
    terminals: typeof manifest;
  }
}
