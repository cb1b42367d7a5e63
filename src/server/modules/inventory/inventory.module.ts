import { defineServerModule } from '../../server-module.ts';
import { inventoryRoutes } from './inventory.routes.ts';
import { seedDemoInventory } from './inventory.seed.ts';

export default defineServerModule({
  name: 'inventory',
  routes: [inventoryRoutes],
  seedDemo: seedDemoInventory,
});
