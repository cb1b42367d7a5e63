import { defineServerModule } from '../../lib/server-module.ts';
import { dashboardRoutes } from './dashboard.routes.ts';

/**
 * The dashboard's figures (docs/statistics.md "Dashboard"): the modules that own the facts plug
 * their figures into `dashboardFigures` (src/server/lib/dashboard-figures.ts); this module reads
 * what is plugged and imports none of them.
 */
export default defineServerModule({
  name: 'dashboard',
  routes: [dashboardRoutes],
});
