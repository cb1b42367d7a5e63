import { defineServerModule } from '../../lib/server-module.ts';
import { storageRoutes } from './storage.routes.ts';

export default defineServerModule({
  name: 'storage',
  routes: [storageRoutes],
});
