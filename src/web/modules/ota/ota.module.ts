import { defineWebModule } from '../../app/web-module.ts';

export default defineWebModule({
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
