import { dashboardFigures } from '../../lib/dashboard-figures.ts';
import { defineServerModule } from '../../lib/server-module.ts';
import { entriesFigure, salesFigure, visitorsNowFigure } from './dashboard-figures.ts';
import { gateOriginModule } from './gate-origin.module-part.ts';
import { moneyDetailModule } from './money-detail.module-part.ts';
import { salesModule } from './sales.module-part.ts';

/**
 * Statistics (/statAnalyse, docs/statistics.md): reports over the other modules' facts and the
 * rollups kept beside them. Each report is a definition (src/shared/reports/) registered with
 * `registerReport` (src/server/http/report.ts); nobody imports this module.
 */
export default defineServerModule({
  name: 'statistics',
  routes: [...gateOriginModule.routes, ...moneyDetailModule.routes, ...salesModule.routes],
  jobs: [...gateOriginModule.jobs, ...moneyDetailModule.jobs, ...salesModule.jobs],
  plugs: [
    ...moneyDetailModule.plugs,
    ...salesModule.plugs,
    // the dashboard's sales, entries and people in the park, from the rollups
    dashboardFigures.plug(salesFigure),
    dashboardFigures.plug(visitorsNowFigure),
    dashboardFigures.plug(entriesFigure),
  ],
  seedDemoHistory: async (db, options) => {
    await gateOriginModule.seedDemoHistory(db, options);
    await moneyDetailModule.seedDemoHistory(db, options);
    await salesModule.seedDemoHistory(db);
  },
});
