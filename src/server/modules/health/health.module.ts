import { defineServerModule } from '../../lib/server-module.ts';
import { backupRoutes } from './backup.routes.ts';
import { healthRoutes } from './health.routes.ts';

export default defineServerModule({
  name: 'health',
  routes: [healthRoutes, backupRoutes],
});
