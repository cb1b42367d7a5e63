import { defineServerModule } from '../../lib/server-module.ts';
import { seedDemoCardKinds } from './card-kinds.seed.ts';
import { cardKindRoutes } from './card-kinds.routes.ts';

/** Travel cards (issue 32, /VipCard): the card kinds so far; issued cards, orders and codes come later. */
export default defineServerModule({
  name: 'cards',
  routes: [cardKindRoutes],
  seedDemo: seedDemoCardKinds,
});
