import { defineWebModule } from '../../lib/web-module.ts';

const manifest = defineWebModule({
  name: 'payments',
  menu: {
    zh: { payMentSet: '支付设置', payReconcile: '对账差异' },
    en: { payMentSet: 'Payment settings', payReconcile: 'Reconciliation' },
  },
  locales: () => import('./payments.locale.ts'),
  routes: [
    {
      path: '/sys/payMentSet',
      title: 'payMentSet',
      perms: ['admin:payment:query'],
      page: () => import('./payment-set.page.tsx'),
    },
    {
      // in the menu beside the settings, and linked from them (docs/payments.md "Reconciliation in the console")
      path: '/sys/payReconcile',
      title: 'payReconcile',
      perms: ['admin:payment:reconcile'],
      page: () => import('./pay-reconcile.page.tsx'),
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
