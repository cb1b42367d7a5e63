import { defineServerModule } from '../../server-module.ts';
import { thirdPartyVoucherRoutes } from './third-party-vouchers.routes.ts';
import { thirdPartyRoutes } from './third-party.routes.ts';
import { seedDemoThirdParty } from './third-party.seed.ts';

export default defineServerModule({
  name: 'thirdParty',
  routes: [thirdPartyRoutes, thirdPartyVoucherRoutes],
  seedDemo: seedDemoThirdParty,
});
