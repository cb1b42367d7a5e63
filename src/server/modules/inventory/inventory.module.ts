import { defineServerModule } from '../../lib/server-module.ts';
import { stockHolders } from '../orders/index.ts';
import { productHolders, sessionRemovalGuards } from '../products/index.ts';
import { calendarOfProduct, keepSoldSessions } from './calendar-of-product.ts';
import { calendarStock } from './calendar-stock.holder.ts';
import { inventoryRoutes } from './inventory.routes.ts';
import { seedDemoInventory } from './inventory.seed.ts';

export default defineServerModule({
  name: 'inventory',
  routes: [inventoryRoutes],
  // orders' stock holder (orders/order-stock.ts); products asks before a product's type, sessions or row go
  plugs: [
    stockHolders.plug(calendarStock),
    productHolders.plug(calendarOfProduct),
    sessionRemovalGuards.plug(keepSoldSessions),
  ],
  seedDemo: seedDemoInventory,
});
