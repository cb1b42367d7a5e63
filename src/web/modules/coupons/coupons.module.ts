import { defineWebModule } from '../../lib/web-module.ts';

const manifest = defineWebModule({
  name: 'coupons',
  menu: {
    zh: { ticcoupon: '优惠券', couponRecord: '领券记录', couponCodes: '兑换码' },
    en: { ticcoupon: 'Coupons', couponRecord: 'Member coupons', couponCodes: 'Redeem codes' },
  },
  locales: () => import('./coupons.locale.ts'),
  routes: [
    {
      path: '/promotion/ticcoupon',
      title: 'ticcoupon',
      perms: ['admin:coupon:page'],
      page: () => import('./coupon-list.page.tsx'),
    },
    {
      path: '/promotion/couponRecord',
      title: 'couponRecord',
      perms: ['admin:couponRecord:page'],
      page: () => import('./coupon-record.page.tsx'),
    },
    {
      path: '/promotion/couponCodes',
      title: 'couponCodes',
      perms: ['admin:coupon:codes'],
      hidden: true,
      page: () => import('./coupon-codes.page.tsx'),
    },
  ],
});

export default manifest;

// its texts and menu titles join the console's types (src/web/locales/index.ts)
declare module '../../lib/web-module.ts' {
  interface ConsoleModules {
    coupons: typeof manifest;
  }
}
