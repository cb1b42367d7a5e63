import { defineServerModule } from '../../lib/server-module.ts';
import { memberRegistered } from '../members/index.ts';
import { memberApiClaimRoutes, memberApiCouponRoutes } from './member-api-coupons.routes.ts';
import { giveRegistrationCoupons } from './coupons.service.ts';
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
  routes: [
    couponRoutes,
    couponOptionRoutes,
    couponCodeRoutes,
    couponIssueRoutes,
    couponRecordRoutes,
    // the member API's coupon calls (docs/api.md "Member API")
    memberApiCouponRoutes,
    memberApiClaimRoutes,
  ],
  // unused coupons past their end become expired (101 → 301)
  jobs: [(app) => startCouponJobs(app.ctx.db, app.log)],
  // orders: the coupon's discount, reserved at T1, spent when paid, released on cancel
  plugs: [
    pricingSteps.plug(couponPricing),
    orderListeners.plug(couponOfOrder),
    // members: a new member gets the registration coupons
    memberRegistered.plug({
      name: 'registrationCoupons',
      registered: async (tx, scenicId, memberId, now) => {
        await giveRegistrationCoupons(tx, scenicId, memberId, now);
      },
    }),
  ],
  seedDemo: (tx, scenicId) => seedDemoCoupons(tx, scenicId),
});
