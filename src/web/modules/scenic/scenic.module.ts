import { defineWebModule } from '../../app/web-module.ts';

export default defineWebModule({
  name: 'scenic',
  menu: {
    zh: {
      sceManage: '景区列表',
    },
    en: {
      sceManage: 'Scenic area list',
    },
  },
  locales: () => import('./scenic.locale.ts'),
  routes: [
    {
      path: '/scenic/sceManage',
      title: 'sceManage',
      perms: ['admin:scenic:page'],
      page: () => import('./scenic-list.page.tsx'),
    },
  ],
});
