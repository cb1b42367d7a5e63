import { defineServerModule } from '../../lib/server-module.ts';
import { gateCodeReaders } from '../checkin/index.ts';
import { messageKinds } from '../messaging/index.ts';
import { payTargets } from '../payments/index.ts';
import { cardPaidKind, cardRefundKind } from './card-messages.ts';
import { cardCodeRoutes } from './card-codes.routes.ts';
import { startCardJobs } from './card-expiry.job.ts';
import { cardAtGate } from './card-gate.ts';
import { cardGateRoutes } from './card-gate.routes.ts';
import { cardOrderRoutes } from './card-orders.routes.ts';
import { seedDemoCards } from './card-orders.seed.ts';
import { cardKindOptionRoutes } from './card-kind-options.routes.ts';
import { cardKindRoutes } from './card-kinds.routes.ts';
import { cardMemberActionRoutes } from './card-member-actions.routes.ts';
import { cardMemberRoutes } from './card-member.routes.ts';
import { startCardPayExpiry } from './card-pay-expiry.job.ts';
import { cardPayTarget } from './card-pay-target.ts';
import { cardSalesRoutes } from './card-sales.routes.ts';
import { cardStatsRoutes } from './card-stats.routes.ts';
import { cardRoutes } from './cards.routes.ts';

/** Travel cards (issue 32, /VipCard): the card kinds, the cards issued, their orders, redeem codes and the gates. */
export default defineServerModule({
  name: 'cards',
  routes: [
    cardKindRoutes,
    cardOrderRoutes,
    cardRoutes,
    cardCodeRoutes,
    cardGateRoutes,
    cardStatsRoutes,
    cardKindOptionRoutes,
    cardSalesRoutes,
    cardMemberRoutes,
    cardMemberActionRoutes,
  ],
  // C9: cards past their validity expire with their orders (docs/domain.md)
  // C4: unpaid orders past their deadline, the providers asked first
  jobs: [(app) => startCardJobs(app.ctx.db, app.log), (app) => startCardPayExpiry(app.ctx.db, app.log)],
  seedDemo: seedDemoCards,
  plugs: [
    messageKinds.plug(cardPaidKind),
    messageKinds.plug(cardRefundKind),
    // a read that names no ticket is tried against the area's travel cards (park entry type 2)
    gateCodeReaders.plug(cardAtGate),
    // card orders paid and refunded online (C3, refunds through the providers)
    payTargets.plug(cardPayTarget),
  ],
});
