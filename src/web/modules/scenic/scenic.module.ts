import { defineWebModule } from '../../app/web-module.ts';

export default defineWebModule({
  name: 'scenic',
  menu: {
    zh: {
      sceManage: '景区列表',
      sceManageDetail: '景区资料',
    },
    en: {
      sceManage: 'Scenic area list',
      sceManageDetail: 'Scenic area profile',
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
    {
      path: '/scenic/sceManageDetail',
      title: 'sceManageDetail',
      perms: ['admin:scenic:page'],
      hidden: true,
      page: () => import('./scenic-detail.page.tsx'),
    },
  ],
});
