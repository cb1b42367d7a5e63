import { defineDict } from '../../../shared/dict/dict.ts';

/** What the price-tiers module says to users, in both languages (collected by src/server/messages.ts). */
export const priceTiersMessages = defineDict({
  disBuyDistributorOnly: {
    zh: '只有分销商账号可以在此购票',
    en: 'Only a distributor account buys here',
  },
  priceTierInUse: {
    zh: '该价格等级仍被 {distributors} 个分销商和 {orders} 笔订单使用，不能删除',
    en: 'This price tier is still used by {distributors} distributors and {orders} orders and cannot be deleted',
  },
});
