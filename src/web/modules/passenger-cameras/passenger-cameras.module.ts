import { defineWebModule } from '../../app/web-module.ts';

export default defineWebModule({
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
