import { defineWebModule } from '../../app/web-module.ts';

export default defineWebModule({
  name: 'terminals',
  menu: {
    zh: { terminal: '终端列表' },
    en: { terminal: 'Terminal list' },
  },
  locales: () => import('./terminals.locale.ts'),
  routes: [
    {
      path: '/terminal/terminal',
      title: 'terminal',
      perms: ['admin:terminal:page'],
      page: () => import('./terminal-list.page.tsx'),
    },
  ],
});
