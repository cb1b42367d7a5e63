import { defineWebModule } from '../../lib/web-module.ts';

const manifest = defineWebModule({
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

export default manifest;

// its texts and menu titles join the console's types (src/web/locales/index.ts)
declare module '../../lib/web-module.ts' {
  interface ConsoleModules {
    scenicSpots: typeof manifest;
  }
}
