import { defineServerModule } from '../../server-module.ts';
import { oauthRoutes } from './oauth.routes.ts';

export default defineServerModule({
  name: 'oauth',
  routes: [oauthRoutes],
});
