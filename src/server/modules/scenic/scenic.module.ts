import { defineServerModule } from '../../server-module.ts';
import { scenicRoutes } from './scenic.routes.ts';

export default defineServerModule({
  name: 'scenic',
  routes: [scenicRoutes],
});
