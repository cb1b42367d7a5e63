import { defineWebModule } from '../../app/web-module.ts';

export default defineWebModule({
  name: 'gates',
  menu: {
    zh: { gateManage: '闸机管理' },
    en: { gateManage: 'Gates' },
  },
  locales: () => import('./gates.locale.ts'),
  routes: [
    {
      path: '/terminal/gateManage',
      title: 'gateManage',
      perms: ['admin:gate:page'],
      page: () => import('./gate-list.page.tsx'),
    },
  ],
});
