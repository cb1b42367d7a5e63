import { defineServerModule } from '../../server-module.ts';
import { shopCategoryRoutes } from './shop-categories.routes.ts';
import { shopGoodRoutes } from './shop-goods.routes.ts';
import { shopMemberRoutes } from './shop-member.routes.ts';
import { shopStatisticsRoutes } from './shop-statistics.routes.ts';
import { seedDemoShop } from './shop.seed.ts';

export default defineServerModule({
  name: 'shop',
  routes: [
    shopCategoryRoutes,
    shopGoodRoutes,
    shopMemberRoutes,
    shopStatisticsRoutes,
  ],
  seedDemo: seedDemoShop,
});
