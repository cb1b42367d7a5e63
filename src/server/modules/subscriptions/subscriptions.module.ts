import { sealedColumns } from '../../lib/secret-box.ts';
import { defineServerModule } from '../../lib/server-module.ts';
import { outboxChannels } from '../messaging/index.ts';
import { orderListeners } from '../orders/index.ts';
import { memberSubscribeRoutes } from './member-subscribe.routes.ts';
import { subscribeLogRoutes } from './subscribe-log.routes.ts';
import { subscriptionChannel, ticketSubscriptionListener } from './subscribe-send.ts';
import { subscribeSettingRoutes } from './subscribe-settings.routes.ts';
import { configureSubscriptionsDemo, seedDemoSubscriptions } from './subscriptions.seed.ts';
import { mpApps } from './subscriptions.table.ts';

/**
 * Mini-program subscription messages (issue 31, /sys/subscribe): queued in the payment's transaction
 * for members who consented, sent by messaging's outbox worker through WeChat's API (channel 2).
 */
export default defineServerModule({
  name: 'subscriptions',
  routes: [subscribeSettingRoutes, subscribeLogRoutes, memberSubscribeRoutes],
  seedDemo: seedDemoSubscriptions,
  configure: configureSubscriptionsDemo,
  plugs: [
    // use 1, ticket purchase success: a paid order of a bound member who consented
    orderListeners.plug(ticketSubscriptionListener),
    // the outbox's channel 2
    outboxChannels.plug(subscriptionChannel),
    // re-sealed by `npm run secrets:rotate` (an access token sealed with a retired key is fetched again)
    sealedColumns.plug({
      name: 'subscriptions.mpApps',
      table: mpApps,
      key: mpApps.scenicId,
      columns: [mpApps.secretSealed],
    }),
  ],
});
