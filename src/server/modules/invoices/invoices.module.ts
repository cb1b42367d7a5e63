import { sealedColumns } from '../../lib/secret-box.ts';
import { messageKinds, outboxChannels } from '../messaging/index.ts';
import { orderListeners } from '../orders/index.ts';
import { shopRefundListeners } from '../shop/index.ts';
import { defineServerModule } from '../../lib/server-module.ts';
import { startInvoiceJobs } from './invoice-jobs.ts';
import { invoiceBuyerRoutes } from './invoice-buyers.routes.ts';
import { invoiceCheckRoutes } from './invoice-checks.routes.ts';
import { invoiceMailChannel, invoiceIssuedKind } from './invoice-messages.ts';
import { invoiceRecordRoutes } from './invoice-records.routes.ts';
import { shopRefundRed, ticketRefundRed } from './invoice-refunds.ts';
import { invoiceResendRoutes } from './invoice-resend.routes.ts';
import { invoiceSettingRoutes } from './invoice-settings.routes.ts';
import { invoiceSettlementRoutes } from './invoice-settlements.routes.ts';
import { invoiceRoutes } from './invoices.routes.ts';
import {
  configureInvoicesDemo,
  seedDemoInvoiceHistory,
  seedDemoInvoices,
  startInvoicesDemo,
} from './invoices.seed.ts';
import { invoiceIssuers } from './invoices.table.ts';

/**
 * E-invoices (issue 33, /invoice): issuers with their number series, invoices issued through the
 * platform (Nuonuo's protocol; the local sandbox in the demo), red letters for refunds, the records.
 * No module imports this one: it reads its sources' tables and hears their refunds through orders' and
 * the shop's listeners (the red letter requested in the refund's transaction).
 */
export default defineServerModule({
  name: 'invoices',
  routes: [
    invoiceSettingRoutes,
    invoiceRoutes,
    invoiceRecordRoutes,
    invoiceResendRoutes,
    invoiceBuyerRoutes,
    invoiceCheckRoutes,
    invoiceSettlementRoutes,
  ],
  jobs: [(app) => startInvoiceJobs(app.ctx.db, app.ctx.uploadDir, app.log)],
  // the demo area's issuers on the local Nuonuo platform, a year of invoices over its history
  seedDemo: seedDemoInvoices,
  seedDemoHistory: (db, { scenicId, now }) => seedDemoInvoiceHistory(db, scenicId, now ?? new Date()),
  configure: configureInvoicesDemo,
  start: startInvoicesDemo,
  plugs: [
    // a refund of an invoiced ticket or shop order requests its red letter in the refund's transaction
    orderListeners.plug(ticketRefundRed),
    shopRefundListeners.plug(shopRefundRed),
    // SMS template 9 and the e-mail with the PDF (channel 3), queued when an invoice is issued
    messageKinds.plug(invoiceIssuedKind),
    outboxChannels.plug(invoiceMailChannel),
    // re-sealed by `npm run secrets:rotate`
    sealedColumns.plug({
      name: 'invoices.issuers',
      table: invoiceIssuers,
      key: invoiceIssuers.id,
      columns: [invoiceIssuers.appSecretSealed, invoiceIssuers.accessTokenSealed],
    }),
  ],
});
