import { defineServerModule } from '../../server-module.ts';
import { disBuyRoutes } from './dis-buy.routes.ts';
import { priceTierAssignRoutes, priceTierLineRoutes } from './price-tier-lines.routes.ts';
import { priceTierRoutes } from './price-tiers.routes.ts';
import { seedDemoPriceTiers } from './price-tiers.seed.ts';

export default defineServerModule({
  name: 'priceTiers',
  routes: [priceTierRoutes, priceTierLineRoutes, priceTierAssignRoutes, disBuyRoutes],
  seedDemo: seedDemoPriceTiers,
});
