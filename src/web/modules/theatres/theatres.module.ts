import { defineWebModule } from '../../lib/web-module.ts';

const manifest = defineWebModule({
  name: 'theatres',
  menu: {
    zh: {
      theatreManage: '剧场管理',
      seatsManage: '座位图',
      theaterTicDetail: '演出场次',
    },
    en: {
      theatreManage: 'Theatres',
      seatsManage: 'Seat map',
      theaterTicDetail: 'Shows',
    },
  },
  locales: () => import('./theatres.locale.ts'),
  routes: [
    {
      path: '/ticket/theatreManage',
      title: 'theatreManage',
      hidden: true,
      perms: ['admin:theatre:page'],
      page: () => import('./theatre-list.page.tsx'),
    },
    {
      path: '/ticket/seatsManage',
      title: 'seatsManage',
      hidden: true,
      perms: ['admin:theatre:page'],
      page: () => import('./seat-map-editor.page.tsx'),
    },
    {
      path: '/ticket/theaterTicDetail',
      title: 'theaterTicDetail',
      hidden: true,
      perms: ['admin:theatre:page'],
      page: () => import('./theatre-shows.page.tsx'),
    },
  ],
});

export default manifest;

// its texts and menu titles join the console's types (src/web/locales/index.ts)
declare module '../../lib/web-module.ts' {
  interface ConsoleModules {
    theatres: typeof manifest;
  }
}
