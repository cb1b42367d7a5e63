import { defineWebModule } from '../../app/web-module.ts';

export default defineWebModule({
  name: 'checkin',
  menu: {
    zh: {
      visitors: '出入园记录',
    },
    en: {
      visitors: 'Entry/exit log',
    },
  },
  locales: () => import('./checkin.locale.ts'),
  routes: [
    {
      path: '/ticket/visitors',
      title: 'visitors',
      perms: ['admin:gardenLog:page'],
      page: () => import('./garden-log.page.tsx'),
    },
  ],
});
