import { defineServerModule } from '../../server-module.ts';
import { shopCategoryRoutes } from './shop-categories.routes.ts';
import { shopGoodRoutes } from './shop-goods.routes.ts';
import { shopMemberRoutes } from './shop-member.routes.ts';
import { shopOrderReadRoutes } from './shop-order-read.routes.ts';
import { seedDemoShop } from './shop.seed.ts';

export default defineServerModule({
  name: 'shop',
  routes: [shopCategoryRoutes, shopGoodRoutes, shopMemberRoutes, shopOrderReadRoutes],
  seedDemo: seedDemoShop,
});
