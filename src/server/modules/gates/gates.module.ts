import { defineServerModule } from '../../server-module.ts';
import { gateEditRoutes, gateRoutes } from './gates.routes.ts';
import { seedDemoGates } from './gates.seed.ts';
import { gateDeviceProfile } from './gates.service.ts';

export default defineServerModule({
  name: 'gates',
  routes: [gateRoutes, gateEditRoutes],
  seedDemo: seedDemoGates,
  terminalProfiles: { gateDevice: gateDeviceProfile },
});
