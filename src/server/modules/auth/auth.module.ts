import { defineServerModule } from '../../lib/server-module.ts';
import { sessionRevokers } from '../accounts/index.ts';
import { authRoutes } from './auth.routes.ts';
import { revokeAccountTokens } from './auth.service.ts';

export default defineServerModule({
  name: 'auth',
  routes: [authRoutes],
  // a disabled account or a reset password ends the account's token pairs
  plugs: [sessionRevokers.plug(revokeAccountTokens)],
});
