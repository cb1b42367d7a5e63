import { defineWebModule } from '../../app/web-module.ts';

export default defineWebModule({
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
