import { defineServerModule } from '../../server-module.ts';
import { authRoutes } from './auth.routes.ts';

export default defineServerModule({
  name: 'auth',
  routes: [authRoutes],
});
