import { defineWebModule } from '../../lib/web-module.ts';

const locales = () => import('./refunds.locale.ts');

const manifest = defineWebModule({
  name: 'refunds',
  menu: {
    zh: {
      refundTicCheck: '退票审核',
      refTicCheDet: '退票申请详情',
    },
    en: {
      refundTicCheck: 'Refund review',
      refTicCheDet: 'Refund application',
    },
  },
  locales,
  // the top bar's pending refund count (docs/product.md §7 countRefundApply); it checks the permission itself
  navbar: [{ badge: () => import('./pending-refund-badge.tsx'), locales }],
  routes: [
    {
      path: '/ticket/refundTicCheck',
      title: 'refundTicCheck',
      perms: ['admin:refundApply:page'],
      page: () => import('./refund-apply-list.page.tsx'),
    },
    {
      path: '/ticket/refTicCheDet',
      title: 'refTicCheDet',
      hidden: true,
      perms: ['admin:refundApply:page'],
      page: () => import('./refund-apply-detail.page.tsx'),
    },
  ],
});

export default manifest;

// its texts and menu titles join the console's types (src/web/locales/index.ts)
declare module '../../lib/web-module.ts' {
  interface ConsoleModules {
    refunds: typeof manifest;
  }
}
