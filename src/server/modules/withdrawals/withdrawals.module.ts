import { defineServerModule } from '../../lib/server-module.ts';
import { withdrawalMoveRoutes } from './withdrawal-moves.routes.ts';
import { withdrawalRoutes } from './withdrawals.routes.ts';
import { seedDemoWithdrawals } from './withdrawals.seed.ts';

export default defineServerModule({
  name: 'withdrawals',
  routes: [withdrawalRoutes, withdrawalMoveRoutes],
  seedDemo: seedDemoWithdrawals,
});
