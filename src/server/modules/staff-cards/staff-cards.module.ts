import { defineServerModule } from '../../lib/server-module.ts';
import { staffCardRoutes } from './staff-cards.routes.ts';
import { seedDemoStaffCards } from './staff-cards.seed.ts';

export default defineServerModule({
  name: 'staffCards',
  routes: [staffCardRoutes],
  seedDemo: seedDemoStaffCards,
});
