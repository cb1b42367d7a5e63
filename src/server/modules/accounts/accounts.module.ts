import { defineServerModule } from '../../server-module.ts';
import { accountRoutes } from './accounts.routes.ts';

export default defineServerModule({
  name: 'accounts',
  routes: [accountRoutes],
});
