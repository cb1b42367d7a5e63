import { defineServerModule } from '../../lib/server-module.ts';
import { salesChannels, storedValuePayWays } from '../orders/index.ts';
import { distributorSales } from './distributor-sales.channel.ts';
import { agencyPayWay } from './agency-pay-way.ts';
import { seedDemoDistributors } from './distribution.seed.ts';
import { applicationRoutes } from './applications.routes.ts';
import { distributorAccountRoutes } from './distributor-accounts.routes.ts';
import { distributorRoutes } from './distributors.routes.ts';
import { creditRoutes } from './credit.routes.ts';
import { ledgerRoutes } from './ledger.routes.ts';
import { topUpRoutes } from './top-ups.routes.ts';

export default defineServerModule({
  name: 'distribution',
  // issue 17: distributors, applications, ledger, top-ups and credit (/disManage); other parts follow
  routes: [
    distributorRoutes,
    distributorAccountRoutes,
    applicationRoutes,
    ledgerRoutes,
    topUpRoutes,
    creditRoutes,
  ],
  // orders: the distributor's balance (5) and credit (8) as pay ways, its own client as a channel
  plugs: [storedValuePayWays.plug(agencyPayWay), salesChannels.plug(distributorSales)],
  seedDemo: seedDemoDistributors,
});
