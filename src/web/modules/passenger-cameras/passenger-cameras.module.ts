import { defineWebModule } from '../../lib/web-module.ts';

const manifest = defineWebModule({
  name: 'passengerCameras',
  menu: {
    zh: { passengerCamera: '客流摄像头' },
    en: { passengerCamera: 'People counting' },
  },
  locales: () => import('./passenger-cameras.locale.ts'),
  routes: [
    {
      path: '/terminal/passengerCamera',
      title: 'passengerCamera',
      perms: ['admin:camera:page'],
      page: () => import('./camera-list.page.tsx'),
    },
  ],
});

export default manifest;

// its texts and menu titles join the console's types (src/web/locales/index.ts)
declare module '../../lib/web-module.ts' {
  interface ConsoleModules {
    passengerCameras: typeof manifest;
  }
}
