import { defineServerModule } from '../../lib/server-module.ts';
import { publicScenicSpotRoutes } from './scenic-spots-public.routes.ts';
import { scenicSpotRoutes } from './scenic-spots.routes.ts';
import { seedDemoScenicSpots } from './scenic-spots.seed.ts';

export default defineServerModule({
  name: 'scenicSpots',
  routes: [scenicSpotRoutes, publicScenicSpotRoutes],
  seedDemo: seedDemoScenicSpots,
});
