import { defineServerModule } from '../../server-module.ts';
import { orderAdminRoutes } from './order-admin.routes.ts';

export default defineServerModule({
  name: 'orderAdmin',
  routes: [orderAdminRoutes],
});
