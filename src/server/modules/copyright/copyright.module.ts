import { defineServerModule } from '../../lib/server-module.ts';
import { clientDeleteGuards } from '../oauth/index.ts';
import { keepBrandedClient } from './copyright-branding.guard.ts';
import { copyrightRoutes } from './copyright.routes.ts';

export default defineServerModule({
  name: 'copyright',
  routes: [copyrightRoutes],
  plugs: [clientDeleteGuards.plug(keepBrandedClient)],
});
