import { defineWebModule } from '../../lib/web-module.ts';

const manifest = defineWebModule({
  name: 'subscriptions',
  menu: {
    zh: { subscribe: '订阅消息' },
    en: { subscribe: 'Subscription messages' },
  },
  locales: () => import('./subscriptions.locale.ts'),
  routes: [
    {
      path: '/sys/subscribe',
      title: 'subscribe',
      perms: ['admin:subscribe:query'],
      page: () => import('./subscribe.page.tsx'),
    },
  ],
});

export default manifest;

// its texts and menu titles join the console's types (src/web/locales/index.ts)
declare module '../../lib/web-module.ts' {
  interface ConsoleModules {
    subscriptions: typeof manifest;
  }
}
