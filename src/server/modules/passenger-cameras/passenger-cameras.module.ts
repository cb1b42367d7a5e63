import { defineServerModule } from '../../server-module.ts';
import { passengerCameraRoutes } from './passenger-cameras.routes.ts';
import { seedDemoPassengerCameras } from './passenger-cameras.seed.ts';
import { cameraProfile } from './passenger-cameras.service.ts';

export default defineServerModule({
  name: 'passengerCameras',
  routes: [passengerCameraRoutes],
  seedDemo: seedDemoPassengerCameras,
  terminalProfiles: { camera: cameraProfile },
});
