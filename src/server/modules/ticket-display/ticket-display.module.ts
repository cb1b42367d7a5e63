import { defineServerModule } from '../../lib/server-module.ts';
import { publicTicketDisplayRoutes } from './ticket-display-public.routes.ts';
import { ticketDisplayRoutes } from './ticket-display.routes.ts';
import { seedDemoTicketDisplays } from './ticket-display.seed.ts';

export default defineServerModule({
  name: 'ticketDisplay',
  routes: [ticketDisplayRoutes, publicTicketDisplayRoutes],
  seedDemo: seedDemoTicketDisplays,
});
