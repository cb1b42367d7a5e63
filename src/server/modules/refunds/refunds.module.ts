import { defineServerModule } from '../../server-module.ts';
import { refundApplyRoutes } from './refund-applies.routes.ts';
import { refundChannelRoutes } from './refund-channels.routes.ts';
import { refundRoutes } from './refunds.routes.ts';

export default defineServerModule({
  name: 'refunds',
  routes: [refundRoutes, refundChannelRoutes, refundApplyRoutes],
});
