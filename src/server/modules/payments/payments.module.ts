import { sealedColumns } from '../../lib/secret-box.ts';
import { defineServerModule } from '../../lib/server-module.ts';
import { PAY_ADAPTERS } from './adapters/index.ts';
import { payAdapters } from './pay-adapters.ts';
import { paymentRoutes } from './payments.routes.ts';
import { configurePaymentsDemo, seedDemoPayments } from './payments.seed.ts';
import { paymentSettings } from './payments.table.ts';

export default defineServerModule({
  name: 'payments',
  routes: [paymentRoutes],
  seedDemo: seedDemoPayments,
  configure: configurePaymentsDemo,
  plugs: [
    // WeChat Pay v3 and Alipay, on their own protocols (adapters/)
    ...PAY_ADAPTERS.map((adapter) => payAdapters.plug(adapter)),
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
