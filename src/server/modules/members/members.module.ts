import { defineServerModule } from '../../lib/server-module.ts';
import { memberCallers, orderListeners, pricingSteps, storedValuePayWays } from '../orders/index.ts';
import { memberCallers as memberSessions } from './member-callers.plug.ts';
import { memberBalancePayWay, memberLevelPricing, memberSpend } from './member-orders.plug.ts';
import { memberApiOrderRoutes } from './member-api-orders.routes.ts';
import { memberOrderRoutes } from './member-ticket-orders.routes.ts';
import { memberApiRechargeRoutes } from './member-api-recharge.routes.ts';
import { memberApiRoutes } from './member-api.routes.ts';
import { memberAccountRoutes } from './member-account.routes.ts';
import { memberHistoryRoutes } from './member-history.routes.ts';
import { memberLevelRoutes } from './member-levels.routes.ts';
import { memberRoutes } from './members.routes.ts';
import { startMemberJobs } from './members.jobs.ts';
import { seedDemoMembers } from './members.seed.ts';
import { rechargeRoutes } from './recharges.routes.ts';
import { travellerRoutes } from './travellers.routes.ts';

export default defineServerModule({
  name: 'members',
  routes: [
    memberRoutes,
    memberAccountRoutes,
    memberHistoryRoutes,
    memberLevelRoutes,
    rechargeRoutes,
    travellerRoutes,
    memberApiRoutes,
    memberApiRechargeRoutes,
    memberApiOrderRoutes,
    memberOrderRoutes,
  ],
  // top-ups left unpaid past their deadline are closed
  jobs: [(app) => startMemberJobs(app.ctx.db, app.log)],
  // orders: the level discount, the balance as a pay way, the spend of a paid order, the member of a call
  plugs: [
    pricingSteps.plug(memberLevelPricing),
    storedValuePayWays.plug(memberBalancePayWay),
    orderListeners.plug(memberSpend),
    memberCallers.plug(memberSessions),
  ],
  seedDemo: seedDemoMembers,
});
