import { dashboardFigures } from '../../lib/dashboard-figures.ts';
import { defineServerModule } from '../../lib/server-module.ts';
import { messageKinds } from '../messaging/index.ts';
import { refundLedgers } from '../orders/index.ts';
import { ticketRefundKind } from './refund-messages.ts';
import { refundTable } from './refund-ledger.plug.ts';
import { pendingRefundsFigure } from './refund-figures.ts';
import { seedDemoMemberOrders } from './member-orders.seed.ts';
import { refundApplyRoutes } from './refund-applies.routes.ts';
import { refundChannelRoutes } from './refund-channels.routes.ts';
import { refundRoutes } from './refunds.routes.ts';

export default defineServerModule({
  name: 'refunds',
  routes: [refundRoutes, refundChannelRoutes, refundApplyRoutes],
  // members' purchases (balance, coupons, a refund to the balance): after the members, coupons and orders
  // orders writes the refund of a late or second payment here
  plugs: [
    refundLedgers.plug(refundTable),
    messageKinds.plug(ticketRefundKind),
    dashboardFigures.plug(pendingRefundsFigure),
  ],
  seedDemo: (tx, scenicId) => seedDemoMemberOrders(tx, scenicId),
});
