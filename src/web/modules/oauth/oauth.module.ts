import { defineWebModule } from '../../lib/web-module.ts';

const manifest = defineWebModule({
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

export default manifest;

// its texts and menu titles join the console's types (src/web/locales/index.ts)
declare module '../../lib/web-module.ts' {
  interface ConsoleModules {
    oauth: typeof manifest;
  }
}
