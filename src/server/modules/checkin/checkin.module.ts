import { defineServerModule } from '../../server-module.ts';
import { checkinRoutes } from './checkin.routes.ts';

export default defineServerModule({
  name: 'checkin',
  routes: [checkinRoutes],
});
