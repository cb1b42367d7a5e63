import { defineWebModule } from '../../app/web-module.ts';

export default defineWebModule({
  name: 'accounts',
  menu: {
    zh: {
      admin: '账号管理',
    },
    en: {
      admin: 'Accounts',
    },
  },
  locales: () => import('./accounts.locale.ts'),
  routes: [
    {
      path: '/sys/admin',
      title: 'admin',
      perms: ['admin:admin:page'],
      page: () => import('./admin-list.page.tsx'),
    },
  ],
});
