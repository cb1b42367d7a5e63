import { defineWebModule } from '../../lib/web-module.ts';

const manifest = defineWebModule({
  name: 'ota',
  menu: {
    zh: { otaManage: 'OTA渠道管理', otaDetails: 'OTA渠道详情' },
    en: { otaManage: 'OTA channels', otaDetails: 'OTA channel' },
  },
  locales: () => import('./ota.locale.ts'),
  routes: [
    {
      path: '/ota/otaManage',
      title: 'otaManage',
      perms: ['admin:ota:page'],
      page: () => import('./ota-channel-list.page.tsx'),
    },
    {
      path: '/ota/otaDetails',
      title: 'otaDetails',
      hidden: true,
      perms: ['admin:ota:page'],
      page: () => import('./ota-detail.page.tsx'),
    },
  ],
});

export default manifest;

// its texts and menu titles join the console's types (src/web/locales/index.ts)
declare module '../../lib/web-module.ts' {
  interface ConsoleModules {
    ota: typeof manifest;
  }
}
