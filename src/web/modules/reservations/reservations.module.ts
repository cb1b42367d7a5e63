import { defineWebModule } from '../../lib/web-module.ts';

const manifest = defineWebModule({
  name: 'reservations',
  menu: {
    zh: { site: '预约场馆', session: '预约场次', message: '预约记录' },
    en: { site: 'Booking sites', session: 'Sessions', message: 'Bookings' },
  },
  locales: () => import('./reservations.locale.ts'),
  routes: [
    {
      path: '/Make/site',
      title: 'site',
      perms: ['admin:makeSite:page'],
      page: () => import('./site-list.page.tsx'),
    },
    {
      path: '/Make/session',
      title: 'session',
      perms: ['admin:makeSession:page'],
      page: () => import('./session-list.page.tsx'),
    },
    {
      path: '/Make/message',
      title: 'message',
      perms: ['admin:makeMessage:page'],
      page: () => import('./booking-list.page.tsx'),
    },
  ],
});

export default manifest;

// its texts and menu titles join the console's types (src/web/locales/index.ts)
declare module '../../lib/web-module.ts' {
  interface ConsoleModules {
    reservations: typeof manifest;
  }
}
