import { defineServerModule } from '../../server-module.ts';
import { refundRoutes } from './refunds.routes.ts';

export default defineServerModule({
  name: 'refunds',
  routes: [refundRoutes],
});
