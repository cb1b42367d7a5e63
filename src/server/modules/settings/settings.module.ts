import { defineServerModule } from '../../lib/server-module.ts';
import { settingsRoutes } from './settings.routes.ts';

export default defineServerModule({
  name: 'settings',
  routes: [settingsRoutes],
});
