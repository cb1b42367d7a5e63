import { defineWebModule } from '../../lib/web-module.ts';

const manifest = defineWebModule({
  name: 'faceDevices',
  menu: {
    zh: { faceMange: '人脸设备管理', faceConfig: '人脸设备配置' },
    en: { faceMange: 'Face devices', faceConfig: 'Face device settings' },
  },
  locales: () => import('./face-devices.locale.ts'),
  routes: [
    {
      path: '/terminal/faceMange',
      title: 'faceMange',
      perms: ['admin:face:page'],
      page: () => import('./face-device-list.page.tsx'),
    },
    {
      path: '/terminal/faceConfig',
      title: 'faceConfig',
      perms: ['admin:face:page'],
      hidden: true,
      page: () => import('./face-config.page.tsx'),
    },
  ],
});

export default manifest;

// its texts and menu titles join the console's types (src/web/locales/index.ts)
declare module '../../lib/web-module.ts' {
  interface ConsoleModules {
    faceDevices: typeof manifest;
  }
}
