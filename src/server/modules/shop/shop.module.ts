import { defineServerModule } from '../../server-module.ts';
import { shopAccountRoutes } from './shop-accounts.routes.ts';
import { shopBrowseRoutes } from './shop-browse.routes.ts';
import { shopCategoryRoutes } from './shop-categories.routes.ts';
import { shopContentRoutes } from './shop-content.routes.ts';
import { shopGoodRoutes } from './shop-goods.routes.ts';
import { shopMemberOrderRoutes } from './shop-member-orders.routes.ts';
import { shopMemberRoutes } from './shop-member.routes.ts';
import { shopOrderReadRoutes } from './shop-order-read.routes.ts';
import { shopOrderStaffRoutes } from './shop-order-staff.routes.ts';
import { shopStatisticsRoutes } from './shop-statistics.routes.ts';
import { shopStoreRoutes } from './shop-store.routes.ts';
import { seedDemoStore } from './shop-store.seed.ts';
import { startShopJobs } from './shop.jobs.ts';
import { seedDemoShop } from './shop.seed.ts';

export default defineServerModule({
  name: 'shop',
  routes: [
    shopCategoryRoutes,
    shopGoodRoutes,
    shopMemberRoutes,
    shopContentRoutes,
    shopBrowseRoutes,
    shopMemberOrderRoutes,
    shopOrderReadRoutes,
    shopOrderStaffRoutes,
    shopStatisticsRoutes,
    shopStoreRoutes,
    shopAccountRoutes,
  ],
  // S4 unpaid past expires_at, S9 auto-receipt, S21/S22/S17 windows ended, S23 archive (docs/domain.md)
  jobs: [(app) => startShopJobs(app.ctx.db, app.log)],
  seedDemo: async (tx, scenicId) => {
    await seedDemoShop(tx, scenicId);
    await seedDemoStore(tx, scenicId);
  },
});
