import { defineServerModule } from '../../server-module.ts';
import { memberApiRoutes } from './member-api.routes.ts';
import { memberLevelRoutes } from './member-levels.routes.ts';
import { memberRoutes } from './members.routes.ts';
import { startMemberJobs } from './members.jobs.ts';
import { seedDemoMembers } from './members.seed.ts';
import { rechargeRoutes } from './recharges.routes.ts';
import { travellerRoutes } from './travellers.routes.ts';

export default defineServerModule({
  name: 'members',
  routes: [memberRoutes, memberLevelRoutes, rechargeRoutes, travellerRoutes, memberApiRoutes],
  // top-ups left unpaid past their deadline are closed
  jobs: [(app) => startMemberJobs(app.ctx.db, app.log)],
  seedDemo: seedDemoMembers,
});
