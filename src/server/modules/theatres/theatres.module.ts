import { defineServerModule } from '../../lib/server-module.ts';
import { stockHolders } from '../orders/index.ts';
import { productHolders } from '../products/index.ts';
import { showsOfProduct } from './shows-of-product.ts';
import { theatreSeats } from './theatre-seats.holder.ts';
import { theatreRoutes } from './theatres.routes.ts';
import { seedDemoTheatres } from './theatres.seed.ts';

export default defineServerModule({
  name: 'theatres',
  routes: [theatreRoutes],
  // orders' stock holder (orders/order-stock.ts); products asks before a product's type or row go
  plugs: [stockHolders.plug(theatreSeats), productHolders.plug(showsOfProduct)],
  seedDemo: seedDemoTheatres,
});
