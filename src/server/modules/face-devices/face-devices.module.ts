import { defineServerModule } from '../../lib/server-module.ts';
import { terminalProfiles } from '../terminals/index.ts';
import { faceDeviceUploadRoutes } from './face-device-upload.routes.ts';
import { faceDeviceRoutes } from './face-devices.routes.ts';
import { seedDemoFaceDevices } from './face-devices.seed.ts';
import { faceProfile } from './face-devices.service.ts';

export default defineServerModule({
  name: 'faceDevices',
  routes: [faceDeviceRoutes, faceDeviceUploadRoutes],
  seedDemo: seedDemoFaceDevices,
  plugs: [terminalProfiles.plug({ kind: 'faceDevice', load: faceProfile })],
});
