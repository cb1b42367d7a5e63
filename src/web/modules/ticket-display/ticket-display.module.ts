import { defineWebModule } from '../../app/web-module.ts';

export default defineWebModule({
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
