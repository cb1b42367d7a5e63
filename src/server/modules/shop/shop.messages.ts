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
  // ---- the order lifecycle after placing (payment, after-sales, refunds, jobs) ----
  shopCouponNotForShop: { zh: '该优惠券不能用于商城', en: 'This coupon cannot be used in the shop' },
  shopPayAmountMismatch: {
    zh: '支付金额 {amount} 与应付金额 {payAmount} 不符',
    en: 'The amount paid ({amount}) differs from the amount due ({payAmount})',
  },
  shopPaymentOfOtherOrder: {
    zh: '该支付流水号已用于其他订单',
    en: 'This payment id belongs to another order',
  },
  shopAfterSaleOpen: {
    zh: '该订单已有待处理的售后申请',
    en: 'This order already has an open after-sales request',
  },
  shopAfterSaleNotFound: { zh: '售后申请不存在', en: 'After-sales request not found' },
  shopAfterSaleNotOpen: {
    zh: '售后申请已处理，请刷新后重试',
    en: 'The after-sales request is no longer open; refresh and try again',
  },
  shopAfterSaleWindowClosed: {
    zh: '已超过售后期限，不能申请售后',
    en: 'The after-sales window has closed',
  },
  shopAttemptsExhausted: {
    zh: '售后申请次数已用完（最多 {max} 次）',
    en: 'No after-sales attempts left (at most {max})',
  },
  shopNothingToRefund: { zh: '订单已没有可退的商品', en: 'Nothing of this order is left to refund' },
  shopReturnNotReceived: {
    zh: '退货尚未收到，收到退货后才能同意退款',
    en: 'The returned goods have not arrived; approve the refund once they are back',
  },
  shopReturnAlreadyReceived: { zh: '退货已入库', en: 'The returned goods were already received' },
  shopReturnNotNeeded: {
    zh: '仅退款的申请没有退货可收',
    en: 'A refund-only request has no goods to receive',
  },
  shopReviewExists: { zh: '该订单已评价', en: 'This order has already been reviewed' },
  shopReviewWindowClosed: { zh: '已超过评价期限', en: 'The review window has closed' },
  shopRefundNotFound: { zh: '退款记录不存在', en: 'Refund not found' },
  shopRefundNotFailed: {
    zh: '只有失败的退款可以重试或标记线下退款',
    en: 'Only a failed refund can be retried or marked as refunded outside',
  },
  shopRefundNoPayment: { zh: '订单没有可退的支付', en: 'The order has no payment to refund' },
  payDescriptionShop: { zh: '商城订单 {orderNo}', en: 'Shop order {orderNo}' },
  shopLateSoldOut: {
    zh: '订单已超时取消，商品已售罄，不能再支付',
    en: 'The order timed out and its goods are sold out; it can no longer be paid',
  },
  shopRefundFailed: { zh: '退款失败：{reason}', en: 'Refund failed: {reason}' },
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
  // ---- the order lifecycle after placing ----
  payWayNotForShop: { zh: '不支持的支付方式', en: 'is not a pay way of the shop' },
  lineNotOfOrder: { zh: '不是该订单的商品行', en: 'is not a line of this order' },
  quantityAboveLeft: { zh: '超过可退数量', en: 'is more than is left to refund' },
  refundOnlyBeforeShipment: {
    zh: '发货前只能申请仅退款',
    en: 'must be refund only before shipment',
  },
  partialCoversAll: {
    zh: '已包含全部未退商品，请直接整单退款',
    en: 'covers everything left; refund the whole order instead',
  },
});
