import { defineServerModule } from '../../lib/server-module.ts';
import { messageKinds } from '../messaging/index.ts';
import { crowdWarningKind } from './crowd-messages.ts';
import { terminalProfiles } from '../terminals/index.ts';
import { passengerCameraRoutes } from './passenger-cameras.routes.ts';
import { seedDemoPassengerCameras } from './passenger-cameras.seed.ts';
import { cameraProfile } from './passenger-cameras.service.ts';

export default defineServerModule({
  name: 'passengerCameras',
  routes: [passengerCameraRoutes],
  seedDemo: seedDemoPassengerCameras,
  // a camera's configuration: its zone and threshold
  plugs: [
    terminalProfiles.plug({ kind: 'camera', load: cameraProfile }),
    // SMS template 10: queued for each recipient when a zone crosses its threshold
    messageKinds.plug(crowdWarningKind),
  ],
});
