import { sealedColumns } from '../../lib/secret-box.ts';
import { defineServerModule } from '../../lib/server-module.ts';
import { paymentRoutes } from './payments.routes.ts';
import { configurePaymentsDemo, seedDemoPayments } from './payments.seed.ts';
import { paymentSettings } from './payments.table.ts';

export default defineServerModule({
  name: 'payments',
  routes: [paymentRoutes],
  seedDemo: seedDemoPayments,
  configure: configurePaymentsDemo,
  plugs: [
    // re-sealed by `npm run secrets:rotate`
    sealedColumns.plug({
      name: 'payments.settings',
      table: paymentSettings,
      key: paymentSettings.id,
      columns: [
        paymentSettings.apiKeySealed,
        paymentSettings.privateKeySealed,
        paymentSettings.certificateSealed,
        paymentSettings.providerKeySealed,
      ],
    }),
  ],
});
