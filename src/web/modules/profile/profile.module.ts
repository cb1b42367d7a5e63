import { defineWebModule } from '../../app/web-module.ts';

export default defineWebModule({
  name: 'profile',
  menu: {
    zh: {
      password: '修改密码',
    },
    en: {
      password: 'Change password',
    },
  },
  locales: () => import('./profile.locale.ts'),
  routes: [
    {
      path: '/profile/password',
      title: 'password',
      hidden: true,
      page: () => import('./password.page.tsx'),
    },
  ],
});
