import { defineServerModule } from '../../server-module.ts';
import { disorderRoutes } from './disorder.routes.ts';
import { settlementBatchRoutes } from './settlement-batches.routes.ts';
import { settlementRoutes } from './settlement.routes.ts';
import { seedDemoSettlementSettings } from './settlement.seed.ts';

export default defineServerModule({
  name: 'settlement',
  routes: [settlementRoutes, settlementBatchRoutes, disorderRoutes],
  // the closed batches of the demo order history are seeded after it (main.ts: seedDemoSettlement)
  seedDemo: seedDemoSettlementSettings,
});
