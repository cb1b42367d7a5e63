import { defineServerModule } from '../../server-module.ts';
import { shopBrowseRoutes } from './shop-browse.routes.ts';
import { shopCategoryRoutes } from './shop-categories.routes.ts';
import { shopContentRoutes } from './shop-content.routes.ts';
import { shopGoodRoutes } from './shop-goods.routes.ts';
import { shopMemberRoutes } from './shop-member.routes.ts';
import { seedDemoShop } from './shop.seed.ts';

export default defineServerModule({
  name: 'shop',
  routes: [shopCategoryRoutes, shopGoodRoutes, shopMemberRoutes, shopContentRoutes, shopBrowseRoutes],
  seedDemo: seedDemoShop,
});
