import { defineServerModule } from '../../server-module.ts';
import { theatreRoutes } from './theatres.routes.ts';
import { seedDemoTheatres } from './theatres.seed.ts';

export default defineServerModule({
  name: 'theatres',
  routes: [theatreRoutes],
  seedDemo: seedDemoTheatres,
});
