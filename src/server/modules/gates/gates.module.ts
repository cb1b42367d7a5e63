import { defineServerModule } from '../../lib/server-module.ts';
import { demoTerminalSteps, terminalProfiles } from '../terminals/index.ts';
import { gateEditRoutes, gateRoutes } from './gates.routes.ts';
import { seedDemoGateDevices, seedDemoGates } from './gates.seed.ts';
import { gateDeviceProfile } from './gates.service.ts';

export default defineServerModule({
  name: 'gates',
  routes: [gateRoutes, gateEditRoutes],
  seedDemo: seedDemoGates,
  plugs: [
    // a gate device's configuration: its gate and what it admits
    terminalProfiles.plug({ kind: 'gateDevice', load: gateDeviceProfile }),
    // the demo gates' admissions and devices, once the terminals seed has made the devices
    demoTerminalSteps.plug(seedDemoGateDevices),
  ],
});
