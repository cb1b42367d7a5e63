import { defineWebModule } from '../../app/web-module.ts';

export default defineWebModule({
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
  locales: () => import('./refunds.locale.ts'),
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
