import { defineServerModule } from '../../lib/server-module.ts';
import { zoneChangeListeners } from '../settings/index.ts';
import { startOrderJobs } from './jobs.ts';
import { rezoneOrderTotals } from './order-totals.ts';
import { sellingRoutes } from './selling.routes.ts';

export default defineServerModule({
  name: 'orders',
  routes: [sellingRoutes],
  // T5 unpaid orders past their deadline, T24/T14/T13 at validity end, daily totals (docs/domain.md)
  jobs: [(app) => startOrderJobs(app.ctx.db, app.log)],
  // the daily totals move to the area's new time zone in the same save
  plugs: [zoneChangeListeners.plug({ name: 'orderTotals', zoneChanged: rezoneOrderTotals })],
});
