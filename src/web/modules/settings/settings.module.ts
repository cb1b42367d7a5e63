import { defineWebModule } from '../../app/web-module.ts';

export default defineWebModule({
  name: 'settings',
  menu: {
    zh: {
      setting: '景区设置',
    },
    en: {
      setting: 'Scenic-area settings',
    },
  },
  locales: () => import('./settings.locale.ts'),
  routes: [
    {
      path: '/sys/setting',
      title: 'setting',
      perms: ['admin:setting:query'],
      page: () => import('./setting.page.tsx'),
    },
  ],
});
