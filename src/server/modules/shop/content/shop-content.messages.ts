import { defineDict } from '../../../../shared/dict/dict.ts';

/** What the shop's content screens and the mini-program's browse and cart calls say (src/server/messages.ts). */
export const shopContentMessages = defineDict({
  shopServiceInUse: {
    zh: '该服务仍被 {count} 件商品使用，不能删除，可以设为失效',
    en: 'This service is still shown on {count} goods and cannot be deleted; set it invalid instead',
  },
  shopGoodsNotFound: { zh: '商品不存在或已下架', en: 'The goods item does not exist or is off the shelf' },
  shopCartFull: {
    zh: '购物车最多 {max} 种商品，请先清理',
    en: 'The cart holds at most {max} items; remove some first',
  },
  shopCartLineNotFound: { zh: '购物车中没有该商品', en: 'This item is not in the cart' },
});

/** Reasons of a 400 that names a field (FieldError). */
export const ShopContentFieldReason = defineDict({
  serviceNotInArea: {
    zh: '包含不属于本景区的服务',
    en: 'contains a service that is not of this scenic area',
  },
  goodsNotInArea: { zh: '包含不属于本景区的商品', en: 'contains goods that are not of this scenic area' },
  linkGoodsNotInArea: { zh: '商品不存在或不属于本景区', en: 'is not goods of this scenic area' },
  linkArticleNotInArea: {
    zh: '文章不存在、未发布或不属于本景区',
    en: 'is not a published article of this scenic area',
  },
  categoryNotInArea: { zh: '不存在或不属于本景区', en: 'does not exist in this scenic area' },
});
