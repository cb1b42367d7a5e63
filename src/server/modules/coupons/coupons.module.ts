import { defineServerModule } from '../../server-module.ts';
import { couponCodeRoutes } from './coupon-codes.routes.ts';
import { couponIssueRoutes } from './coupon-issue.routes.ts';
import { couponOptionRoutes } from './coupon-options.routes.ts';
import { couponRecordRoutes } from './coupon-records.routes.ts';
import { startCouponJobs } from './coupons.jobs.ts';
import { couponRoutes } from './coupons.routes.ts';
import { seedDemoCoupons } from './coupons.seed.ts';

export default defineServerModule({
  name: 'coupons',
  routes: [couponRoutes, couponOptionRoutes, couponCodeRoutes, couponIssueRoutes, couponRecordRoutes],
  // unused coupons past their end become expired (101 → 301)
  jobs: [(app) => startCouponJobs(app.ctx.db, app.log)],
  seedDemo: (tx, scenicId) => seedDemoCoupons(tx, scenicId),
});
