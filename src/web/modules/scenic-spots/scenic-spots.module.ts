import { defineWebModule } from '../../app/web-module.ts';

export default defineWebModule({
  name: 'scenicSpots',
  menu: {
    zh: { viewpoint: '景点管理' },
    en: { viewpoint: 'Scenic spots' },
  },
  locales: () => import('./scenic-spots.locale.ts'),
  routes: [
    {
      path: '/scenic/viewpoint',
      title: 'viewpoint',
      perms: ['admin:scenicSpot:page'],
      page: () => import('./scenic-spot-list.page.tsx'),
    },
  ],
});
