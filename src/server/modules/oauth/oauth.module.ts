import { defineServerModule } from '../../lib/server-module.ts';
import { oauthRoutes } from './oauth.routes.ts';

export default defineServerModule({
  name: 'oauth',
  routes: [oauthRoutes],
});
