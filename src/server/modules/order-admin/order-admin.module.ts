import { defineServerModule } from '../../lib/server-module.ts';
import { messageKinds } from '../messaging/index.ts';
import { orderListeners } from '../orders/index.ts';
import { seedDemoOrderMessages } from './demo-history/demo-messages.ts';
import { seedDemoOrders } from './demo-history/demo-orders.ts';
import { orderAdminRoutes } from './order-admin.routes.ts';
import { ticketPaidKind, ticketPaidListener } from './ticket-messages.ts';

export default defineServerModule({
  name: 'orderAdmin',
  routes: [orderAdminRoutes],
  // a year of ticket orders with their tickets, gate events, refunds and the distributors' ledger
  seedDemoHistory: async (db, { scenicId, orders, now, seed, onProgress }) => {
    await seedDemoOrders(db, { scenicId, orders, now, seed, onProgress });
    // the last week's SMS of those orders (templates 2 and 5), as the outbox would have sent them
    await seedDemoOrderMessages(db, scenicId, now ?? new Date());
  },
  plugs: [
    // SMS template 2: a paid order's notice, queued in the payment's transaction (and resent by staff)
    messageKinds.plug(ticketPaidKind),
    orderListeners.plug(ticketPaidListener),
  ],
});
