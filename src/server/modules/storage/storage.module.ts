import { sealedColumns } from '../../lib/secret-box.ts';
import { defineServerModule } from '../../lib/server-module.ts';
import { storageStores } from './storage.table.ts';
import { storageSettingRoutes } from './storage-settings.routes.ts';
import { storageRoutes } from './storage.routes.ts';

export default defineServerModule({
  name: 'storage',
  routes: [storageRoutes, storageSettingRoutes],
  plugs: [
    // re-sealed by `npm run secrets:rotate`
    sealedColumns.plug({
      name: 'storage.stores',
      table: storageStores,
      key: storageStores.id,
      columns: [storageStores.secretKeySealed],
    }),
  ],
});
