import { definePermissions } from './define.ts';

/** Coupons and the coupons members hold (/promotion). */
export const couponsPermissions = definePermissions({
  promotion: {
    'admin:coupon:page': { zh: '查看优惠券', en: 'View coupons' },
    'admin:coupon:edit': {
      zh: '新增、编辑、上下架、删除优惠券',
      en: 'Create, edit, shelve and delete coupons',
    },
    'admin:coupon:codes': { zh: '生成与导出兑换码', en: 'Generate and export redeem codes' },
    'admin:coupon:issue': { zh: '向会员发放优惠券', en: 'Issue coupons to members' },
    'admin:couponRecord:page': { zh: '查看领券记录', en: 'View members’ coupons' },
  },
});
