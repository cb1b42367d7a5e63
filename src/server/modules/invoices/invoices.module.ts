import { sealedColumns } from '../../lib/secret-box.ts';
import { defineServerModule } from '../../lib/server-module.ts';
import { startInvoiceJobs } from './invoice-jobs.ts';
import { invoiceRecordRoutes } from './invoice-records.routes.ts';
import { invoiceSettingRoutes } from './invoice-settings.routes.ts';
import { invoiceRoutes } from './invoices.routes.ts';
import { invoiceIssuers } from './invoices.table.ts';

/**
 * E-invoices (issue 33, /invoice): issuers with their number series, invoices issued through the
 * platform (Nuonuo's protocol; the local sandbox in the demo), red letters for refunds, the records.
 * No module imports this one: it reads its sources' tables and follows their refunds by its job.
 */
export default defineServerModule({
  name: 'invoices',
  routes: [invoiceSettingRoutes, invoiceRoutes, invoiceRecordRoutes],
  jobs: [(app) => startInvoiceJobs(app.ctx.db, app.ctx.uploadDir, app.log)],
  plugs: [
    // re-sealed by `npm run secrets:rotate`
    sealedColumns.plug({
      name: 'invoices.issuers',
      table: invoiceIssuers,
      key: invoiceIssuers.id,
      columns: [invoiceIssuers.appSecretSealed, invoiceIssuers.accessTokenSealed],
    }),
  ],
});
