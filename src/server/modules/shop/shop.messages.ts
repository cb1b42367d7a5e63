import { defineDict } from '../../../shared/dict/dict.ts';

/** What the shop module says to users, in both languages (collected by src/server/messages.ts). */
export const shopMessages = defineDict({
  shopTransitionNotAllowed: {
    zh: '订单当前状态不允许此操作，请刷新后重试',
    en: 'The order is not in a status that allows this; refresh and try again',
  },
  shopOrderNotFound: { zh: '商城订单不存在', en: 'Shop order not found' },
  shopCategoryHasChildren: {
    zh: '该分类下还有 {count} 个子分类，不能删除或移到其他分类下',
    en: 'This category has {count} subcategories; it cannot be deleted or moved under another',
  },
  shopCategoryHasGoods: {
    zh: '该分类下还有 {count} 件商品，不能删除',
    en: 'This category still holds {count} goods and cannot be deleted',
  },
  shopCategoryNameTaken: {
    zh: '同一级下已有名为 {name} 的分类',
    en: 'A category named {name} already exists at this level',
  },
  shopGoodsOrdered: {
    zh: '该商品已有订单，不能删除，可以下架',
    en: 'This goods item has been ordered and cannot be deleted; take it off the shelf instead',
  },
  shopSkuCodeTaken: { zh: '商品编码 {code} 已被使用', en: 'The SKU code {code} is already in use' },
  shopStockNotEnough: {
    zh: '库存不足：当前库存 {stock}，不能减少 {n}',
    en: 'Not enough stock: {stock} in stock, cannot take away {n}',
  },
  shopSkuNotFound: { zh: '商品规格不存在', en: 'SKU not found' },
  shopGoodsOffShelf: { zh: '商品 {name} 已下架', en: '{name} is off the shelf' },
  shopSoldOut: {
    zh: '{name} 库存不足，仅剩 {stock} 件',
    en: 'Not enough {name} in stock: {stock} left',
  },
});

/** Reasons of a 400 that names a field (FieldError). */
export const ShopFieldReason = defineDict({
  parentNotTop: {
    zh: '须为本景区的一级分类',
    en: 'must be a top-level category of this scenic area',
  },
  categoryNotInArea: { zh: '不存在或不属于本景区', en: 'does not exist in this scenic area' },
  serviceNotInArea: {
    zh: '包含不属于本景区的服务',
    en: 'contains a service that is not of this scenic area',
  },
  skuSpecs: {
    zh: '每个 SKU 须为每个规格选一个已列出的值',
    en: 'each SKU must take one listed value of every specification',
  },
  skuCombination: { zh: '规格组合不能重复', en: 'must not repeat a combination of values' },
  skuNotOfGoods: { zh: '不是该商品的 SKU', en: 'is not a SKU of this goods item' },
  skuOrdered: {
    zh: '已有订单的 SKU 不能删除',
    en: 'a SKU that has been ordered cannot be removed',
  },
  skuCodeRepeat: { zh: '商品编码不能重复', en: 'must not repeat a SKU code' },
  skuNotInArea: { zh: '商品规格不存在或不属于本景区', en: 'is not a SKU of this scenic area' },
});
