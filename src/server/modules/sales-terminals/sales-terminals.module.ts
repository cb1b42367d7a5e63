import { defineServerModule } from '../../server-module.ts';
import { machineCarouselRoutes } from './machine-carousel.routes.ts';
import { salesTerminalProfileRoutes, salesTerminalRoutes } from './sales-terminals.routes.ts';
import { seedDemoSalesTerminals } from './sales-terminals.seed.ts';
import { machineProfile, windowProfile } from './sales-terminals.service.ts';

export default defineServerModule({
  name: 'salesTerminals',
  routes: [salesTerminalRoutes, salesTerminalProfileRoutes, machineCarouselRoutes],
  seedDemo: seedDemoSalesTerminals,
  terminalProfiles: {
    winManagement: windowProfile,
    selfManagement: (db, t) => machineProfile(db, t),
  },
});
