import { defineServerModule } from '../../server-module.ts';
import { seedDemoDistributors } from './distribution.seed.ts';
import { distributorRoutes } from './distributors.routes.ts';
import { moneyRoutes } from './money.routes.ts';

export default defineServerModule({
  name: 'distribution',
  // issue 17: distributors, applications, ledger, top-ups and credit (/disManage); other parts follow
  routes: [distributorRoutes, moneyRoutes],
  seedDemo: seedDemoDistributors,
});
