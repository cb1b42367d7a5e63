import { defineServerModule } from '../../lib/server-module.ts';
import { stockHolders } from '../orders/index.ts';
import { departureSeats } from './departure-seats.holder.ts';
import { travelDepartureEditRoutes, travelDepartureRoutes } from './travel-departures.routes.ts';
import { travelOrderRoutes } from './travel-orders.routes.ts';
import { publicTravelRoutes } from './travel-public.routes.ts';
import { travelRoutes } from './travel.routes.ts';
import { seedDemoTravel } from './travel.seed.ts';

export default defineServerModule({
  name: 'travel',
  routes: [
    travelRoutes,
    travelDepartureRoutes,
    travelDepartureEditRoutes,
    travelOrderRoutes,
    publicTravelRoutes,
  ],
  // orders' stock holder (orders/order-stock.ts)
  plugs: [stockHolders.plug(departureSeats)],
  seedDemo: seedDemoTravel,
});
