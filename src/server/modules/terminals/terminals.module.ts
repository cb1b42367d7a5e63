import { dashboardFigures } from '../../lib/dashboard-figures.ts';
import { defineServerModule } from '../../lib/server-module.ts';
import { offlineDevicesFigure } from './terminal-figures.ts';
import { terminalDeviceRoutes } from './terminal-device.routes.ts';
import { startTerminalJobs } from './terminals.jobs.ts';
import { terminalRoutes, terminalSecretRoutes } from './terminals.routes.ts';
import { seedDemoTerminals } from './terminals.seed.ts';

export default defineServerModule({
  name: 'terminals',
  routes: [terminalRoutes, terminalSecretRoutes, terminalDeviceRoutes],
  jobs: [(app) => startTerminalJobs(app.ctx.db, app.log)],
  plugs: [dashboardFigures.plug(offlineDevicesFigure)],
  seedDemo: seedDemoTerminals,
});
