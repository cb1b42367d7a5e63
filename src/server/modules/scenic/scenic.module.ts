import { defineServerModule } from '../../lib/server-module.ts';
import { scenicProfileRoutes } from './scenic-profile.routes.ts';
import { publicScenicRoutes } from './scenic-public.routes.ts';
import { scenicRoutes } from './scenic.routes.ts';
import { seedDemoScenicProfiles } from './scenic.seed.ts';

export default defineServerModule({
  name: 'scenic',
  routes: [scenicRoutes, scenicProfileRoutes, publicScenicRoutes],
  seedDemo: seedDemoScenicProfiles,
});
