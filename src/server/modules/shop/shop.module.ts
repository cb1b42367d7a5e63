import { defineServerModule } from '../../server-module.ts';
import { shopAccountRoutes } from './shop-accounts.routes.ts';
import { shopCategoryRoutes } from './shop-categories.routes.ts';
import { shopGoodRoutes } from './shop-goods.routes.ts';
import { shopMemberRoutes } from './shop-member.routes.ts';
import { shopStatisticsRoutes } from './shop-statistics.routes.ts';
import { shopStoreRoutes } from './shop-store.routes.ts';
import { seedDemoStore } from './shop-store.seed.ts';
import { seedDemoShop } from './shop.seed.ts';

export default defineServerModule({
  name: 'shop',
  routes: [
    shopCategoryRoutes,
    shopGoodRoutes,
    shopMemberRoutes,
    shopStatisticsRoutes,
    shopStoreRoutes,
    shopAccountRoutes,
  ],
  seedDemo: async (tx, scenicId) => {
    await seedDemoShop(tx, scenicId);
    await seedDemoStore(tx, scenicId);
  },
});
