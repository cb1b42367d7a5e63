import { defineWebModule } from '../../app/web-module.ts';

export default defineWebModule({
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
