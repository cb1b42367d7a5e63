import { defineServerModule } from '../../server-module.ts';
import { copyrightRoutes } from './copyright.routes.ts';

export default defineServerModule({
  name: 'copyright',
  routes: [copyrightRoutes],
});
