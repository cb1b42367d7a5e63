import { defineServerModule } from '../../server-module.ts';
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
  seedDemo: seedDemoTravel,
});
