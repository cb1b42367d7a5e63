import { defineServerModule } from '../../lib/server-module.ts';
import { gateOriginModule } from './gate-origin.module-part.ts';
import { moneyDetailModule } from './money-detail.module-part.ts';

/**
 * Statistics (/statAnalyse, docs/statistics.md): reports over the other modules' facts and the
 * rollups kept beside them. Each report is a definition (src/shared/reports/) registered with
 * `registerReport` (src/server/http/report.ts); nobody imports this module.
 */
export default defineServerModule({
  name: 'statistics',
  routes: [...gateOriginModule.routes, ...moneyDetailModule.routes],
  jobs: [...gateOriginModule.jobs, ...moneyDetailModule.jobs],
  plugs: [...moneyDetailModule.plugs],
  seedDemoHistory: async (db, options) => {
    await gateOriginModule.seedDemoHistory(db, options);
    await moneyDetailModule.seedDemoHistory(db, options);
  },
});
