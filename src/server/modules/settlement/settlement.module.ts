import { defineServerModule } from '../../lib/server-module.ts';
import { disorderRoutes } from './disorder.routes.ts';
import { settlementBatchRoutes } from './settlement-batches.routes.ts';
import { settlementRoutes } from './settlement.routes.ts';
import { seedDemoSettlement, seedDemoSettlementSettings } from './settlement.seed.ts';

export default defineServerModule({
  name: 'settlement',
  routes: [settlementRoutes, settlementBatchRoutes, disorderRoutes],
  seedDemo: seedDemoSettlementSettings,
  // a closed batch per past month of the demo history's distribution orders (issue 17)
  seedDemoHistory: async (db, { scenicId, now }) => {
    await seedDemoSettlement(db, scenicId, now);
  },
});
