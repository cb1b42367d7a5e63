import { defineWebModule } from '../../lib/web-module.ts';

const manifest = defineWebModule({
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

export default manifest;

// its texts and menu titles join the console's types (src/web/locales/index.ts)
declare module '../../lib/web-module.ts' {
  interface ConsoleModules {
    profile: typeof manifest;
  }
}
