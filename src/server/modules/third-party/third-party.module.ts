import { defineServerModule } from '../../lib/server-module.ts';
import { gateCodeReaders } from '../checkin/index.ts';
import { thirdPartyVoucherRoutes } from './third-party-vouchers.routes.ts';
import { thirdPartyRoutes } from './third-party.routes.ts';
import { thirdPartyAtGate } from './third-party.service.ts';
import { seedDemoThirdParty } from './third-party.seed.ts';

export default defineServerModule({
  name: 'thirdParty',
  routes: [thirdPartyRoutes, thirdPartyVoucherRoutes],
  seedDemo: seedDemoThirdParty,
  // a QR read that is no ticket and no booking is tried against the area's third-party channels
  plugs: [gateCodeReaders.plug(thirdPartyAtGate)],
});
