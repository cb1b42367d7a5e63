import { defineServerModule } from '../../lib/server-module.ts';
import { accountRoutes } from './accounts.routes.ts';
import { areaCreateRoutes } from './area-create.routes.ts';

export default defineServerModule({
  name: 'accounts',
  routes: [accountRoutes, areaCreateRoutes],
});
