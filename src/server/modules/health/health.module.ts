import { defineServerModule } from '../../server-module.ts';
import { healthRoutes } from './health.routes.ts';

export default defineServerModule({
  name: 'health',
  routes: [healthRoutes],
});
