import { defineServerModule } from '../../server-module.ts';
import { seedDemoMemberOrders } from './member-orders.seed.ts';
import { refundApplyRoutes } from './refund-applies.routes.ts';
import { refundChannelRoutes } from './refund-channels.routes.ts';
import { refundRoutes } from './refunds.routes.ts';

export default defineServerModule({
  name: 'refunds',
  routes: [refundRoutes, refundChannelRoutes, refundApplyRoutes],
  // members' purchases (balance, coupons, a refund to the balance): after the members, coupons and orders
  seedDemo: (tx, scenicId) => seedDemoMemberOrders(tx, scenicId),
});
