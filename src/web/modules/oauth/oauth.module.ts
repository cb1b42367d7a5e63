import { defineWebModule } from '../../app/web-module.ts';

export default defineWebModule({
  name: 'oauth',
  menu: {
    zh: {
      oauth: '客户端管理',
    },
    en: {
      oauth: 'OAuth clients',
    },
  },
  locales: () => import('./oauth.locale.ts'),
  routes: [
    {
      path: '/sys/oauth',
      title: 'oauth',
      perms: ['admin:oauth:page'],
      page: () => import('./oauth-list.page.tsx'),
    },
  ],
});
