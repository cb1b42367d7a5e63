import { defineServerModule } from '../../server-module.ts';
import { couponRecordRoutes } from './coupon-records.routes.ts';
import { startCouponJobs } from './coupons.jobs.ts';
import { couponRoutes } from './coupons.routes.ts';
import { seedDemoCoupons } from './coupons.seed.ts';

export default defineServerModule({
  name: 'coupons',
  routes: [couponRoutes, couponRecordRoutes],
  // unused coupons past their end become expired (101 → 301)
  jobs: [(app) => startCouponJobs(app.ctx.db, app.log)],
  seedDemo: (tx, scenicId) => seedDemoCoupons(tx, scenicId),
});
