import { defineServerModule } from '../../lib/server-module.ts';
import { messageKinds } from '../messaging/index.ts';
import { payTargets } from '../payments/index.ts';
import { shopPaidKind, shopRefundKind } from './orders/shop-messages.ts';
import { shopBrowseHomeRoutes } from './catalog/shop-browse-home.routes.ts';
import { shopBrowseRoutes } from './catalog/shop-browse.routes.ts';
import { shopCartRoutes } from './catalog/shop-cart.routes.ts';
import { shopCategoryRoutes } from './catalog/shop-categories.routes.ts';
import { shopGoodRoutes } from './catalog/shop-goods.routes.ts';
import { shopStockRoutes } from './catalog/shop-stock.routes.ts';
import { shopCarouselRoutes } from './content/shop-carousels.routes.ts';
import { shopHomeModuleRoutes } from './content/shop-home-modules.routes.ts';
import { shopServeModelRoutes } from './content/shop-serve-models.routes.ts';
import { shopServiceRoutes } from './content/shop-services.routes.ts';
import { shopMemberOrderReadRoutes } from './orders/shop-member-order-read.routes.ts';
import { shopMemberOrderRoutes } from './orders/shop-member-orders.routes.ts';
import { shopMemberRoutes } from './orders/shop-member.routes.ts';
import { shopOrderReadRoutes } from './orders/shop-order-read.routes.ts';
import { shopOrderStaffRoutes } from './orders/shop-order-staff.routes.ts';
import { shopPayTarget } from './orders/shop-pay-target.ts';
import { shopStatisticsRoutes } from './orders/shop-statistics.routes.ts';
import { startShopJobs } from './orders/shop.jobs.ts';
import { shopAccountRoutes } from './store/shop-accounts.routes.ts';
import { shopStoreRoutes } from './store/shop-store.routes.ts';
import { seedDemoStore } from './store/shop-store.seed.ts';
import { seedDemoShop } from './shop.seed.ts';
import { dashboardFigures } from '../../lib/dashboard-figures.ts';
import { pendingShipmentsFigure } from './orders/shop-figures.ts';

export default defineServerModule({
  name: 'shop',
  routes: [
    shopCategoryRoutes,
    shopGoodRoutes,
    shopStockRoutes,
    shopMemberRoutes,
    shopServiceRoutes,
    shopServeModelRoutes,
    shopCarouselRoutes,
    shopHomeModuleRoutes,
    shopBrowseRoutes,
    shopBrowseHomeRoutes,
    shopCartRoutes,
    shopMemberOrderRoutes,
    shopMemberOrderReadRoutes,
    shopOrderReadRoutes,
    shopOrderStaffRoutes,
    shopStatisticsRoutes,
    shopStoreRoutes,
    shopAccountRoutes,
  ],
  // S4 unpaid past expires_at, S9 auto-receipt, S21/S22/S17 windows ended, S23 archive (docs/domain.md)
  jobs: [(app) => startShopJobs(app.ctx.db, app.log)],
  // payments: a member pays a shop order online, its refunds go back through the provider (issue 30)
  plugs: [
    payTargets.plug(shopPayTarget),
    // SMS templates 3 (paid, S2) and 6 (refunded, S18), queued in those moves' transactions
    messageKinds.plug(shopPaidKind),
    messageKinds.plug(shopRefundKind),
    dashboardFigures.plug(pendingShipmentsFigure),
  ],
  seedDemo: async (tx, scenicId) => {
    await seedDemoShop(tx, scenicId);
    await seedDemoStore(tx, scenicId);
  },
});
