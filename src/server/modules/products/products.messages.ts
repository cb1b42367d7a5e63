import { defineDict } from '../../../shared/dict/dict.ts';

/** What the products module says to users, in both languages (collected by src/server/http/messages.ts). */
export const productsMessages = defineDict({
  ticTypeInUse: {
    zh: '该票种分类下还有 {count} 个门票产品，请先删除或改到其他分类',
    en: '{count} ticket product(s) use this category; delete them or move them to another category first',
  },
  sessionSold: {
    zh: '场次 {name} 已有售出的门票，不能删除',
    en: 'Session {name} has sold tickets and cannot be removed',
  },
  productHasSales: {
    zh: '门票产品 {name} 的价格日历中已有售出的门票，不能删除，可以下架',
    en: 'Product {name} has sold tickets in its price calendar and cannot be deleted; take it off the shelf instead',
  },
  productHasShows: {
    zh: '门票产品 {name} 还有 {count} 个演出场次，请先在剧场管理中删除场次',
    en: 'Product {name} still has {count} show(s); delete them in theatre management first',
  },
  productTypeLocked: {
    zh: '门票产品已有价格日历或演出场次，不能修改产品类型',
    en: 'The product already has a price calendar or shows; its product type cannot change',
  },
  shelfCategoryDisabled: {
    zh: '门票产品 {name} 的票种分类已禁用，不能上架',
    en: 'The category of product {name} is disabled; it cannot go on shelf',
  },
  shelfNoSession: {
    zh: '分时票 {name} 没有场次，不能上架',
    en: 'Timed product {name} has no sessions; it cannot go on shelf',
  },
  shelfNoChannel: {
    zh: '门票产品 {name} 没有销售渠道，不能上架',
    en: 'Product {name} has no sales channel; it cannot go on shelf',
  },
});
