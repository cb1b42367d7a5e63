import { defineServerModule } from '../../server-module.ts';
import { productRoutes } from './products.routes.ts';
import { seedDemoProducts } from './products.seed.ts';

export default defineServerModule({
  name: 'products',
  routes: [productRoutes],
  seedDemo: seedDemoProducts,
});
