import { defineServerModule } from '../../lib/server-module.ts';
import { roleRoutes } from './roles.routes.ts';

export default defineServerModule({
  name: 'roles',
  routes: [roleRoutes],
});
