import { defineWebModule } from '../../lib/web-module.ts';

const manifest = defineWebModule({
  name: 'roles',
  menu: {
    zh: {
      role: '角色管理',
    },
    en: {
      role: 'Roles',
    },
  },
  locales: () => import('./roles.locale.ts'),
  routes: [
    {
      path: '/sys/role',
      title: 'role',
      perms: ['admin:role:page'],
      page: () => import('./role-list.page.tsx'),
    },
  ],
});

export default manifest;

// its texts and menu titles join the console's types (src/web/locales/index.ts)
declare module '../../lib/web-module.ts' {
  interface ConsoleModules {
    roles: typeof manifest;
  }
}
