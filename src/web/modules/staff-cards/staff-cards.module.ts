import { defineWebModule } from '../../app/web-module.ts';

export default defineWebModule({
  name: 'staffCards',
  menu: {
    zh: {
      entryCode: '员工卡',
    },
    en: {
      entryCode: 'Staff cards',
    },
  },
  locales: () => import('./staff-cards.locale.ts'),
  routes: [
    {
      path: '/ticket/entryCode',
      title: 'entryCode',
      perms: ['admin:entryCode:page'],
      page: () => import('./staff-card-list.page.tsx'),
    },
  ],
});
