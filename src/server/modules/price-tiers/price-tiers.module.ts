import { defineServerModule } from '../../lib/server-module.ts';
import { pricingSteps } from '../orders/index.ts';
import { disBuyRoutes } from './dis-buy.routes.ts';
import { priceTierAssignRoutes, priceTierLineRoutes } from './price-tier-lines.routes.ts';
import { priceTierRoutes } from './price-tiers.routes.ts';
import { seedDemoPriceTiers } from './price-tiers.seed.ts';
import { tierPricing } from './tier-pricing.step.ts';

export default defineServerModule({
  name: 'priceTiers',
  routes: [priceTierRoutes, priceTierLineRoutes, priceTierAssignRoutes, disBuyRoutes],
  // orders: a distributor's tier prices its tickets first
  plugs: [pricingSteps.plug(tierPricing)],
  seedDemo: seedDemoPriceTiers,
});
