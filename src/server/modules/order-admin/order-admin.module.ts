import { defineServerModule } from '../../lib/server-module.ts';
import { seedDemoOrders } from './demo-history/demo-orders.ts';
import { orderAdminRoutes } from './order-admin.routes.ts';

export default defineServerModule({
  name: 'orderAdmin',
  routes: [orderAdminRoutes],
  // a year of ticket orders with their tickets, gate events, refunds and the distributors' ledger
  seedDemoHistory: async (db, { scenicId, orders, now, seed, onProgress }) => {
    await seedDemoOrders(db, { scenicId, orders, now, seed, onProgress });
  },
});
