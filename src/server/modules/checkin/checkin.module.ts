import { defineServerModule } from '../../server-module.ts';
import { checkinDeviceRoutes, checkinRoutes } from './checkin.routes.ts';

export default defineServerModule({
  name: 'checkin',
  routes: [checkinRoutes, checkinDeviceRoutes],
});
