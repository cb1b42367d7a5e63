import { defineServerModule } from '../../lib/server-module.ts';
import { payTargets } from '../payments/index.ts';
import { topUpPayTarget } from './topup-pay-target.ts';
import { startTopUpJobs } from './topups.jobs.ts';

/**
 * Members' top-ups paid online (issue 30): the pay target of the payments module for the members'
 * recharges. A module of its own because members cannot import payments: payments reaches members
 * through refunds (refunds → members, refunds → coupons → members), so a plug in members' manifest
 * would close a cycle of modules (`npm run shape`). It holds no table and no route of its own.
 */
export default defineServerModule({
  name: 'topups',
  routes: [],
  // top-up payments past their deadline asked of their provider: credited when paid, else closed there
  jobs: [(app) => startTopUpJobs(app.ctx.db, app.log)],
  plugs: [payTargets.plug(topUpPayTarget)],
});
