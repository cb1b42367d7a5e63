import { defineServerModule } from '../../lib/server-module.ts';
import { checkinDeviceRoutes, checkinRoutes, gardenLogRoutes } from './checkin.routes.ts';

export default defineServerModule({
  name: 'checkin',
  routes: [checkinRoutes, gardenLogRoutes, checkinDeviceRoutes],
});
