import { defineServerModule } from '../../server-module.ts';
import { stockHolders } from '../orders/index.ts';
import { calendarStock } from './calendar-stock.holder.ts';
import { inventoryRoutes } from './inventory.routes.ts';
import { seedDemoInventory } from './inventory.seed.ts';

export default defineServerModule({
  name: 'inventory',
  routes: [inventoryRoutes],
  // orders' stock holder (orders/order-stock.ts)
  plugs: [stockHolders.plug(calendarStock)],
  seedDemo: seedDemoInventory,
});
