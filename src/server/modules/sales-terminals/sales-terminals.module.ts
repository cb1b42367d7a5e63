import { defineServerModule } from '../../lib/server-module.ts';
import { terminalProfiles } from '../terminals/index.ts';
import { salesChannels } from '../orders/index.ts';
import { terminalSales } from './terminal-sales.channel.ts';
import { machineCarouselRoutes } from './machine-carousel.routes.ts';
import { salesTerminalProfileRoutes, salesTerminalRoutes } from './sales-terminals.routes.ts';
import { seedDemoSalesTerminals } from './sales-terminals.seed.ts';
import { machineProfile, windowProfile } from './sales-terminals.service.ts';

export default defineServerModule({
  name: 'salesTerminals',
  routes: [salesTerminalRoutes, salesTerminalProfileRoutes, machineCarouselRoutes],
  seedDemo: seedDemoSalesTerminals,
  // orders: a registered window, machine or handheld sells as its kind's channel
  plugs: [
    salesChannels.plug(terminalSales),
    // a window's and a machine's configuration: products, paper, carousel
    terminalProfiles.plug({ kind: 'winManagement', load: windowProfile }),
    terminalProfiles.plug({ kind: 'selfManagement', load: (db, t) => machineProfile(db, t) }),
  ],
});
