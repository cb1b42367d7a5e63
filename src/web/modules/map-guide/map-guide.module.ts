import { defineWebModule } from '../../lib/web-module.ts';

const manifest = defineWebModule({
  name: 'mapGuide',
  menu: {
    zh: {
      tourSpot: '导览景点',
      voiceSetting: '语音设置',
      spotGuide: '景点导览',
      tourRoute: '导览路线',
      spotGuideDetail: '导览地图',
      tourRouteDetail: '路线编辑',
    },
    en: {
      tourSpot: 'Guide spots',
      voiceSetting: 'Voices',
      spotGuide: 'Spot guide',
      tourRoute: 'Guide routes',
      spotGuideDetail: 'Guide map',
      tourRouteDetail: 'Route',
    },
  },
  locales: () => import('./map-guide.locale.ts'),
  routes: [
    {
      path: '/mapGuide/tourSpot',
      title: 'tourSpot',
      perms: ['admin:tourSpot:list'],
      page: () => import('./tour-spot.page.tsx'),
    },
    {
      path: '/mapGuide/voiceSetting',
      title: 'voiceSetting',
      perms: ['admin:voiceType:list'],
      page: () => import('./voice-setting.page.tsx'),
    },
    {
      path: '/mapGuide/spotGuide',
      title: 'spotGuide',
      perms: ['admin:tourMap:list'],
      page: () => import('./spot-guide.page.tsx'),
    },
    {
      path: '/mapGuide/tourRoute',
      title: 'tourRoute',
      perms: ['admin:mapRoute:list'],
      page: () => import('./tour-route.page.tsx'),
    },
    {
      path: '/mapGuide/spotGuideDetail',
      title: 'spotGuideDetail',
      hidden: true,
      perms: ['admin:tourMap:list'],
      page: () => import('./spot-guide-detail.page.tsx'),
    },
    {
      path: '/mapGuide/tourRouteDetail',
      title: 'tourRouteDetail',
      hidden: true,
      perms: ['admin:mapRoute:list'],
      page: () => import('./tour-route-detail.page.tsx'),
    },
  ],
});

export default manifest;

// its texts and menu titles join the console's types (src/web/locales/index.ts)
declare module '../../lib/web-module.ts' {
  interface ConsoleModules {
    mapGuide: typeof manifest;
  }
}
