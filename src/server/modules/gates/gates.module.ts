import { defineServerModule } from '../../server-module.ts';
import { gateRoutes } from './gates.routes.ts';
import { seedDemoGates } from './gates.seed.ts';

export default defineServerModule({
  name: 'gates',
  routes: [gateRoutes],
  seedDemo: seedDemoGates,
});
