import { defineServerModule } from '../../server-module.ts';
import { orderListeners, pricingSteps } from '../orders/index.ts';
import { couponOfOrder, couponPricing } from './coupon-orders.plug.ts';
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
  // orders: the coupon's discount, reserved at T1, spent when paid, released on cancel
  plugs: [pricingSteps.plug(couponPricing), orderListeners.plug(couponOfOrder)],
  seedDemo: (tx, scenicId) => seedDemoCoupons(tx, scenicId),
});
