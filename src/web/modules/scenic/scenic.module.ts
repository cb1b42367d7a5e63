import { defineWebModule } from '../../lib/web-module.ts';

const manifest = defineWebModule({
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

export default manifest;

// its texts and menu titles join the console's types (src/web/locales/index.ts)
declare module '../../lib/web-module.ts' {
  interface ConsoleModules {
    scenic: typeof manifest;
  }
}
