import { defineServerModule } from '../../server-module.ts';
import { startOrderJobs } from './jobs.ts';
import { seedDemoMemberOrders } from './member-orders.seed.ts';
import { memberOrderRoutes } from './member-orders.routes.ts';
import { sellingRoutes } from './selling.routes.ts';

export default defineServerModule({
  name: 'orders',
  routes: [sellingRoutes, memberOrderRoutes],
  // T5 unpaid orders past their deadline, T24/T14/T13 at validity end, daily totals (docs/domain.md)
  jobs: [(app) => startOrderJobs(app.ctx.db, app.log)],
  // members' purchases (balance, coupons, a refund to the balance): after the members and coupons
  seedDemo: (tx, scenicId) => seedDemoMemberOrders(tx, scenicId),
});
