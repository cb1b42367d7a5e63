import { defineWebModule } from '../../lib/web-module.ts';

const manifest = defineWebModule({
  name: 'payments',
  menu: {
    zh: { payMentSet: '支付设置' },
    en: { payMentSet: 'Payment settings' },
  },
  locales: () => import('./payments.locale.ts'),
  routes: [
    {
      path: '/sys/payMentSet',
      title: 'payMentSet',
      perms: ['admin:payment:query'],
      page: () => import('./payment-set.page.tsx'),
    },
  ],
});

export default manifest;

// its texts and menu titles join the console's types (src/web/locales/index.ts)
declare module '../../lib/web-module.ts' {
  interface ConsoleModules {
    payments: typeof manifest;
  }
}
