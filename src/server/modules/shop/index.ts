/**
 * The public entry of the shop module: what other modules may use (eslint: a module reaches
 * another only through its index.ts).
 */
export { moveStock } from './catalog/shop-goods.service.ts';
export { transitionShopOrder } from './orders/shop-order-state.service.ts';
export { shopGoods, shopOrders, shopSkus } from './shop.table.ts';
export {
  shopRefundListeners,
  type ShopOrderRefund,
  type ShopRefundListener,
} from './orders/shop-refund-listeners.ts';
