import { defineWebModule } from '../../lib/web-module.ts';

const manifest = defineWebModule({
  name: 'ticketDisplay',
  menu: {
    zh: { ticmes: '门票展示' },
    en: { ticmes: 'Ticket display' },
  },
  locales: () => import('./ticket-display.locale.ts'),
  routes: [
    {
      path: '/scenic/ticmes',
      title: 'ticmes',
      perms: ['admin:ticketDisplay:page'],
      page: () => import('./ticket-display-list.page.tsx'),
    },
  ],
});

export default manifest;

// its texts and menu titles join the console's types (src/web/locales/index.ts)
declare module '../../lib/web-module.ts' {
  interface ConsoleModules {
    ticketDisplay: typeof manifest;
  }
}
