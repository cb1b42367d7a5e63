import { defineWebModule } from '../../app/web-module.ts';

export default defineWebModule({
  name: 'withdrawals',
  menu: {
    zh: { haul: '提现管理' },
    en: { haul: 'Withdrawals' },
  },
  locales: () => import('./withdrawals.locale.ts'),
  routes: [
    {
      path: '/disManage/haul',
      title: 'haul',
      perms: ['admin:haul:page'],
      page: () => import('./withdrawal-list.page.tsx'),
    },
  ],
});
