import type { PayWayCode } from '../../../shared/dict/order.ts';
import { sealedColumns } from '../../lib/secret-box.ts';
import { defineServerModule } from '../../lib/server-module.ts';
import { PAY_ADAPTERS } from './adapters/index.ts';
import { paymentProviders } from '../orders/index.ts';
import { onlinePayRoutes } from './online-pay.routes.ts';
import { startDemoPayments } from './pay-demo.ts';
import { seedDemoPaymentHistory } from './pay-demo-history.ts';
import { reconcileRoutes } from './reconcile.routes.ts';
import { startReconciliation } from './reconcile.service.ts';
import { settleBeforeCancel, settleBeforeExpiry } from './pay-expiry.ts';
import { payTargets } from './pay-targets.ts';
import { startRefundSender } from './refund-sender.ts';
import { ticketPayTarget } from './ticket-pay-target.ts';
import { payAdapters } from './pay-adapters.ts';
import { paymentRoutes } from './payments.routes.ts';
import { configurePaymentsDemo, seedDemoPayments } from './payments.seed.ts';
import { paymentSettings } from './payments.table.ts';

export default defineServerModule({
  name: 'payments',
  routes: [paymentRoutes, onlinePayRoutes, reconcileRoutes],
  // refunds of online payments sent, retried with backoff, polled while processing
  jobs: [
    (app) => startRefundSender(app.ctx.db, app.ctx.config, app.log),
    // each day's statements, matched once the providers have them (10:00 China time)
    (app) => startReconciliation(app.ctx.db, app.ctx.config, app.log),
  ],
  seedDemo: seedDemoPayments,
  // the history's last days of WeChat Pay and Alipay payments made the adapters' own (pay-demo-history.ts)
  seedDemoHistory: (db, { scenicId, now }) => seedDemoPaymentHistory(db, scenicId, now),
  configure: configurePaymentsDemo,
  // the demo's pay ways connected to the pay sandbox (PAY_SANDBOX)
  start: startDemoPayments,
  plugs: [
    // WeChat Pay v3 and Alipay, on their own protocols (adapters/)
    ...PAY_ADAPTERS.map((adapter) => payAdapters.plug(adapter)),
    // each is a payment provider of orders: its refunds wait for the sender, its payments are
    // asked about before the expiry job or a person cancels (T4, T5)
    ...PAY_ADAPTERS.map((adapter) =>
      paymentProviders.plug({
        name: adapter.name,
        payWays: [adapter.payWay as PayWayCode],
        refund: () => Promise.resolve({ status: 'created', providerRefundId: null }),
        settleBeforeExpiry: (db, now) => settleBeforeExpiry(db, adapter, now),
        settleBeforeCancel: (db, scenicId, orderNo) =>
          settleBeforeCancel(db, scenicId, 'ticket', orderNo, adapter.payWay),
      }),
    ),
    // ticket orders pay online (shop orders, top-ups and cards plug in their own)
    payTargets.plug(ticketPayTarget),
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
