import { defineServerModule } from '../../server-module.ts';
import { stockHolders } from '../orders/index.ts';
import { theatreSeats } from './theatre-seats.holder.ts';
import { theatreRoutes } from './theatres.routes.ts';
import { seedDemoTheatres } from './theatres.seed.ts';

export default defineServerModule({
  name: 'theatres',
  routes: [theatreRoutes],
  // orders' stock holder (orders/order-stock.ts)
  plugs: [stockHolders.plug(theatreSeats)],
  seedDemo: seedDemoTheatres,
});
