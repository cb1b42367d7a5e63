import { defineServerModule } from '../../server-module.ts';
import { thirdPartyRoutes } from './third-party.routes.ts';
import { seedDemoThirdParty } from './third-party.seed.ts';

export default defineServerModule({
  name: 'thirdParty',
  routes: [thirdPartyRoutes],
  seedDemo: seedDemoThirdParty,
});
